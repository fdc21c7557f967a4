import { Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { SUDOKU_HISTORY_GAMES, type SudokuLevelStats } from '@site/contract';
import { useId } from 'react';
import { ChartDataTable } from '../../../components/ChartDataTable';
import { madeOnce } from '../../../lib/made-once';
import { formatMmSs } from '../logic/format';

type History = SudokuLevelStats['history'];

/** Drawn in CSS pixels (the width measured), so the labels keep their size on a phone and a desktop. */
const FALLBACK_WIDTH = 400;
const HEIGHT = 140;
const LEFT = 44;
const TOP = 10;
const BOTTOM = 6;
const PLOT_H = HEIGHT - TOP - BOTTOM;

const WON = 'var(--mantine-color-teal-6)';
const LOST = 'var(--mantine-color-red-6)';

const day = madeOnce(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }));
const formatDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day().format(date);
};

/** A won game is a solid bar; a lost one an outlined, hatched bar, so the two differ without colour. */
function Swatch({ status, hatchId }: { status: 'won' | 'lost'; hatchId: string }) {
  return (
    <svg width={14} height={14} aria-hidden focusable="false">
      {status === 'won' ? (
        <rect x={1} y={1} width={12} height={12} rx={2} style={{ fill: WON }} />
      ) : (
        <rect
          x={1.5}
          y={1.5}
          width={11}
          height={11}
          rx={2}
          style={{ fill: `url(#${hatchId})`, stroke: LOST, strokeWidth: 1.5 }}
        />
      )}
    </svg>
  );
}

/** What the chart shows, in one sentence (its caption, and what a screen reader hears first). */
export function historySummary(history: History): string {
  const won = history.filter((g) => g.status === 'won').length;
  const times = history.map((g) => g.time);
  const span =
    times.length > 0 ? `; times from ${formatMmSs(Math.min(...times))} to ${formatMmSs(Math.max(...times))}` : '';
  return `Last ${history.length} ${history.length === 1 ? 'game' : 'games'}, oldest first: ${won} won, ${history.length - won} lost${span}.`;
}

/**
 * docs/product.md#menu-appssudoku: the latest finished games of a level as bars (height = time),
 * oldest on the left. A tiny SVG rather than a chart library; the table under it (read by screen
 * readers, hidden on screen) is its text alternative.
 */
export function LevelHistoryChart({ history }: { history: History }) {
  const hatchId = `sudoku-hatch-${useId().replace(/:/g, '')}`;
  const { ref, width: measured } = useElementSize();
  const width = measured > 0 ? measured : FALLBACK_WIDTH;
  // One slot per game the history can hold, so a few games do not become a few huge bars.
  const slot = (width - LEFT) / SUDOKU_HISTORY_GAMES;
  const bar = Math.min(slot * 0.7, 24);
  const max = Math.max(60, ...history.map((g) => g.time));
  const y = (time: number) => TOP + PLOT_H - Math.max(2, (time / max) * PLOT_H);
  const summary = historySummary(history);

  return (
    <figure style={{ margin: 0 }} ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        style={{ display: 'block', color: 'var(--mantine-color-dimmed)' }}
        aria-hidden
        focusable="false"
        data-testid="level-history-chart"
      >
        <defs>
          <pattern id={hatchId} width={5} height={5} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={5} height={5} style={{ fill: 'var(--mantine-color-body)' }} />
            <line x1={0} y1={0} x2={0} y2={5} style={{ stroke: LOST, strokeWidth: 2.5 }} />
          </pattern>
        </defs>
        {/* The time axis: the longest time at the top, 0 at the baseline. */}
        <line x1={LEFT} x2={width} y1={TOP} y2={TOP} stroke="currentColor" strokeOpacity={0.35} strokeDasharray="3 3" />
        <line x1={LEFT} x2={width} y1={TOP + PLOT_H} y2={TOP + PLOT_H} stroke="currentColor" strokeOpacity={0.6} />
        <text x={LEFT - 6} y={TOP + 4} textAnchor="end" fontSize={12} fill="currentColor">
          {formatMmSs(max)}
        </text>
        <text x={LEFT - 6} y={TOP + PLOT_H} textAnchor="end" fontSize={12} fill="currentColor">
          0
        </text>
        {history.map((game, i) => {
          const x = LEFT + i * slot + (slot - bar) / 2;
          const top = y(game.time);
          const height = TOP + PLOT_H - top;
          return (
            <g key={`${game.finished_at}-${game.status}-${game.time}`} data-status={game.status}>
              <title>{`${formatDay(game.finished_at)}: ${game.status} in ${formatMmSs(game.time)}`}</title>
              {game.status === 'won' ? (
                <rect x={x} y={top} width={bar} height={height} rx={2} style={{ fill: WON }} />
              ) : (
                <rect
                  x={x + 0.75}
                  y={top + 0.75}
                  width={bar - 1.5}
                  height={Math.max(1, height - 1.5)}
                  rx={2}
                  style={{ fill: `url(#${hatchId})`, stroke: LOST, strokeWidth: 1.5 }}
                />
              )}
            </g>
          );
        })}
      </svg>
      <Group gap="md" mt={6} justify="space-between" wrap="wrap">
        <Group gap="md">
          <Group gap={4} wrap="nowrap">
            <Swatch status="won" hatchId={hatchId} />
            <Text size="xs">Won</Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Swatch status="lost" hatchId={hatchId} />
            <Text size="xs">Lost</Text>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          Oldest → latest · bar height = time
        </Text>
      </Group>
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {summary}
      </Text>
      <ChartDataTable
        caption="Latest games"
        unit="games"
        columns={['Finished', 'Result', 'Time']}
        rows={history.map((game) => [
          formatDay(game.finished_at),
          game.status === 'won' ? 'Won' : 'Lost',
          formatMmSs(game.time),
        ])}
      />
    </figure>
  );
}
