import type { Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { down001, up001 } from './001_users_and_sessions.js';
import { down002, up002 } from './002_todos.js';
import { down003, up003 } from './003_sudoku_games.js';
import { down004, up004 } from './004_weather_favourites.js';
import { down005, up005 } from './005_watchlist.js';
import { down006, up006 } from './006_portfolio.js';
import { down007, up007 } from './007_wallets.js';
import { down008, up008 } from './008_american_spelling.js';
import { down009, up009 } from './009_trade_currency.js';
import { down010, up010 } from './010_accounts.js';
import { down011, up011 } from './011_user_preferences.js';
import { down012, up012 } from './012_sudoku_hints.js';
import { down013, up013 } from './013_sudoku_sources.js';
import { down014, up014 } from './014_orders.js';
import { down015, up015 } from './015_wallet_corporate_actions.js';
import { down016, up016 } from './016_todo_lists.js';
import { down017, up017 } from './017_todo_feeds.js';
import { down018, up018 } from './018_todo_search.js';
import { down019, up019 } from './019_site_profile.js';
import { down020, up020 } from './020_project_pages.js';
import { down021, up021 } from './021_contact_messages.js';
import { down022, up022 } from './022_project_images.js';
import { down023, up023 } from './023_site_avatar.js';
import { down024, up024 } from './024_request_replays.js';
import { down025, up025 } from './025_read_indexes.js';
import { down026, up026 } from './026_todo_versions.js';
import { down027, up027 } from './027_sudoku_level_stats.js';
import { down028, up028 } from './028_wallet_ledger_days.js';

/**
 * Every migration, in order. Names are permanent: the migrator records them in the database.
 * Each takes the dialect so one definition can use the right id column for either database.
 */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '001_users_and_sessions': { up: up001(dialect), down: down001 },
    '002_todos': { up: up002(dialect), down: down002 },
    '003_sudoku_games': { up: up003(dialect), down: down003 },
    '004_weather_favourites': { up: up004(dialect), down: down004 },
    '005_watchlist': { up: up005(dialect), down: down005 },
    '006_portfolio': { up: up006(dialect), down: down006 },
    '007_wallets': { up: up007(dialect), down: down007 },
    '008_american_spelling': { up: up008, down: down008 },
    '009_trade_currency': { up: up009, down: down009 },
    '010_accounts': { up: up010(dialect), down: down010 },
    '011_user_preferences': { up: up011, down: down011 },
    '012_sudoku_hints': { up: up012, down: down012 },
    '013_sudoku_sources': { up: up013, down: down013 },
    '014_orders': { up: up014(dialect), down: down014 },
    '015_wallet_corporate_actions': { up: up015(dialect), down: down015 },
    '016_todo_lists': { up: up016(dialect), down: down016 },
    '017_todo_feeds': { up: up017, down: down017 },
    '018_todo_search': { up: up018(dialect), down: down018(dialect) },
    '019_site_profile': { up: up019(dialect), down: down019 },
    '020_project_pages': { up: up020(dialect), down: down020 },
    '021_contact_messages': { up: up021(dialect), down: down021 },
    '022_project_images': { up: up022(dialect), down: down022(dialect) },
    '023_site_avatar': { up: up023(dialect), down: down023 },
    '024_request_replays': { up: up024, down: down024 },
    '025_read_indexes': { up: up025, down: down025 },
    '026_todo_versions': { up: up026(dialect), down: down026(dialect) },
    '027_sudoku_level_stats': { up: up027(dialect), down: down027(dialect) },
    '028_wallet_ledger_days': { up: up028(dialect), down: down028(dialect) },
  };
}
