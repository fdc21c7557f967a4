import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/**
 * Sudoku statistics kept per user and level (docs/api.md#sudoku-statistics-per-level), so reading
 * them costs the same at 10 finished games as at 10,000. Triggers on `sudoku_games` keep the row
 * in the statement that changes a game, whichever code path, instance or cascade made it:
 *
 * - a game finishing after every game counted so far (a finish, always in practice) adds itself:
 *   `games + 1`, `won + 1`, the streak goes on or ends, in one UPDATE whose WHERE compares it with
 *   the last game counted (`last_finished_at`, `last_id`: the order the statistics run in);
 * - anything else (a game finished earlier than the last one counted, a finished game deleted,
 *   changed or reopened) counts the level again from its games, under the row's lock, over the
 *   index below. Streaks depend on the order, so only counting again is right for those.
 *
 * PostgreSQL: two finishes of one user's level wait for each other on the row; the second one's
 * WHERE is checked again on the row the first committed, and when it no longer holds, the level is
 * counted again by a statement that starts after the lock is held, so it sees the first one's game.
 * A row is made when a game is started (the insert already holds the user's key lock for its own
 * foreign key), so a finish never inserts and never waits on the user's row.
 */

/**
 * The statistics of one level counted from its finished games in finish order, as `levelStats`
 * (level-stats.ts) defines them. A run is a loss and the games after it up to the next loss (the
 * first run has no loss): its wins are a streak, and the last run's is the current one.
 */
const recount = (userId: string, difficulty: string) => `
  select coalesce(sum(r.n), 0), coalesce(sum(r.w), 0), min(r.best), coalesce(sum(r.t), 0),
    coalesce(max(case when r.run = r.last_run then r.w end), 0), coalesce(max(r.w), 0),
    max(r.last_finished_at), max(r.last_id)
  from (
    select g.run, count(*) as n, sum(g.win) as w, sum(g.win * g.time) as t,
      min(case when g.win = 1 then g.time end) as best,
      max(g.run) over () as last_run,
      max(case when g.from_end = 1 then g.finished_at end) as last_finished_at,
      max(case when g.from_end = 1 then g.id end) as last_id
    from (
      select id, time, finished_at, case when status = 'won' then 1 else 0 end as win,
        sum(case when status = 'lost' then 1 else 0 end) over (order by finished_at, id rows unbounded preceding) as run,
        row_number() over (order by finished_at desc, id desc) as from_end
      from sudoku_games
      where user_id = ${userId} and difficulty = ${difficulty} and status in ('won', 'lost')
    ) g
    group by g.run
  ) r`;

const COLUMNS = 'games, won, best_time, won_time, current_streak, longest_streak, last_finished_at, last_id';

const recountRow = (userId: string, difficulty: string) =>
  `update sudoku_level_stats set (${COLUMNS}) = (${recount(userId, difficulty)})
   where user_id = ${userId} and difficulty = ${difficulty}`;

const ensureRow = (row: 'new' | 'old') =>
  `insert into sudoku_level_stats (user_id, difficulty) values (${row}.user_id, ${row}.difficulty) on conflict do nothing`;

/** `new` finished after every game its level has counted: added to the row as it stands. */
const addFinished = `
  update sudoku_level_stats set
    games = games + 1,
    won = won + case when new.status = 'won' then 1 else 0 end,
    best_time = case when new.status = 'won' and (best_time is null or new.time < best_time) then new.time else best_time end,
    won_time = won_time + case when new.status = 'won' then new.time else 0 end,
    current_streak = case when new.status = 'won' then current_streak + 1 else 0 end,
    longest_streak = case when new.status = 'won' and current_streak + 1 > longest_streak then current_streak + 1 else longest_streak end,
    last_finished_at = new.finished_at,
    last_id = new.id
  where user_id = new.user_id and difficulty = new.difficulty
    and (last_id is null or last_finished_at < new.finished_at or (last_finished_at = new.finished_at and last_id < new.id))`;

const FINISHED = `in ('won', 'lost')`;
/** A finished game changed in a way the statistics read. */
const changed = `old.status ${FINISHED} and (old.status is distinct from new.status or old.time is distinct from new.time
  or old.finished_at is distinct from new.finished_at or old.difficulty is distinct from new.difficulty
  or old.user_id is distinct from new.user_id)`;
const TRACKED_COLUMNS = 'status, time, finished_at, difficulty, user_id';

export const up027 = (dialect: DialectName) => async (db: Kysely<unknown>) => {
  await db.schema
    .createTable('sudoku_level_stats')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('difficulty', 'varchar(10)', (c) => c.notNull())
    .addColumn('games', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('won', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('best_time', 'integer')
    // The sum of winning times, for the average: bigint so 10,000 long games cannot overflow.
    .addColumn('won_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('current_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('longest_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_finished_at', 'varchar(32)')
    .addColumn('last_id', 'integer')
    .addPrimaryKeyConstraint('sudoku_level_stats_pk', ['user_id', 'difficulty'])
    .execute();
  // The latest games of a level (the history) and a level's recount, read from the index alone.
  await db.schema
    .createIndex('sudoku_games_user_level_finished')
    .on('sudoku_games')
    .columns(['user_id', 'difficulty', 'finished_at', 'id', 'status', 'time'])
    .execute();

  // Existing games: a row for every user and level that has a game, counted from the games.
  await sql`insert into sudoku_level_stats (user_id, difficulty)
    select distinct user_id, difficulty from sudoku_games`.execute(db);
  await sql.raw(recountRow('sudoku_level_stats.user_id', 'sudoku_level_stats.difficulty')).execute(db);

  if (dialect === 'postgres') {
    await sql
      .raw(`create function sudoku_level_stats_recount(p_user_id integer, p_difficulty varchar) returns void
      language plpgsql as $$
      begin
        -- A user being deleted takes their rows with them: nothing to count.
        if not exists (select 1 from users where id = p_user_id) then return; end if;
        insert into sudoku_level_stats (user_id, difficulty) values (p_user_id, p_difficulty) on conflict do nothing;
        -- Locked first, so the count below (a statement of its own, a snapshot of its own) sees
        -- every game whose change committed before, and no change can come in between.
        perform 1 from sudoku_level_stats where user_id = p_user_id and difficulty = p_difficulty for update;
        ${recountRow('p_user_id', 'p_difficulty')};
      end $$`)
      .execute(db);
    await sql
      .raw(`create function sudoku_level_stats_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${ensureRow('new')};
        end if;
        if tg_op <> 'DELETE' and new.status ${FINISHED} and (tg_op = 'INSERT' or old.status not ${FINISHED}) then
          ${addFinished};
          if not found then
            perform sudoku_level_stats_recount(new.user_id, new.difficulty);
          end if;
        elsif tg_op = 'DELETE' then
          if old.status ${FINISHED} then
            perform sudoku_level_stats_recount(old.user_id, old.difficulty);
          end if;
        elsif ${changed} then
          perform sudoku_level_stats_recount(old.user_id, old.difficulty);
          if old.user_id <> new.user_id or old.difficulty <> new.difficulty then
            perform sudoku_level_stats_recount(new.user_id, new.difficulty);
          end if;
        end if;
        return null;
      end $$`)
      .execute(db);
    // Saving a game's time (every few seconds of play) changes none of this: no call at all.
    const triggers = {
      insert: 'after insert',
      update: `after update of ${TRACKED_COLUMNS}`,
      delete: 'after delete',
    };
    const when = {
      insert: '',
      update: `when (old.status ${FINISHED} or new.status ${FINISHED})`,
      delete: `when (old.status ${FINISHED})`,
    };
    for (const [name, event] of Object.entries(triggers) as [keyof typeof triggers, string][]) {
      await sql
        .raw(`create trigger sudoku_games_level_stats_${name} ${event} on sudoku_games
        for each row ${when[name]} execute function sudoku_level_stats_track()`)
        .execute(db);
    }
    return;
  }

  // SQLite: one writer at a time, so no locks; a trigger has no IF, so each case is a trigger's
  // WHEN or a statement's WHERE. `last_id is not new.id`: the quick update did not apply.
  const addOrRecount = (when: string) => `
    ${addFinished} ${when};
    ${ensureRow('new')};
    ${recountRow('new.user_id', 'new.difficulty')} and last_id is not new.id ${when};`;
  await sql
    .raw(`create trigger sudoku_games_level_stats_insert after insert on sudoku_games begin
      ${ensureRow('new')};
      ${addOrRecount(`and new.status ${FINISHED}`)}
    end`)
    .execute(db);
  await sql
    .raw(`create trigger sudoku_games_level_stats_finish after update of ${TRACKED_COLUMNS} on sudoku_games
      when old.status not ${FINISHED} and new.status ${FINISHED} begin ${addOrRecount('')} end`)
    .execute(db);
  await sql
    .raw(`create trigger sudoku_games_level_stats_change after update of ${TRACKED_COLUMNS} on sudoku_games
      when ${changed} begin
        ${recountRow('old.user_id', 'old.difficulty')};
        ${ensureRow('new')};
        ${recountRow('new.user_id', 'new.difficulty')} and (old.user_id <> new.user_id or old.difficulty <> new.difficulty);
      end`)
    .execute(db);
  // A user being deleted (their row already gone) takes their rows with them: nothing to count.
  await sql
    .raw(`create trigger sudoku_games_level_stats_delete after delete on sudoku_games
      when old.status ${FINISHED} and exists (select 1 from users where id = old.user_id) begin
        ${recountRow('old.user_id', 'old.difficulty')};
      end`)
    .execute(db);
};

export const down027 = (dialect: DialectName) => async (db: Kysely<unknown>) => {
  if (dialect === 'postgres') {
    for (const name of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`sudoku_games_level_stats_${name}`)} on sudoku_games`.execute(db);
    }
    await sql`drop function sudoku_level_stats_track()`.execute(db);
    await sql`drop function sudoku_level_stats_recount(integer, varchar)`.execute(db);
  } else {
    for (const name of ['insert', 'finish', 'change', 'delete']) {
      await sql`drop trigger ${sql.raw(`sudoku_games_level_stats_${name}`)}`.execute(db);
    }
  }
  await db.schema.dropIndex('sudoku_games_user_level_finished').execute();
  await db.schema.dropTable('sudoku_level_stats').execute();
};
