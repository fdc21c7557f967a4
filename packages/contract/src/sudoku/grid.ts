/**
 * The 9×9 grid's geometry, one copy for the server's engine and the web app's board. Cells are numbered
 * 0–80 row by row; the 27 units are rows 0–8, columns 9–17 and boxes 18–26, boxes row-major (0 1 2
 * across the top band, 6 7 8 across the bottom). The tables are typed arrays built once at load, so the
 * engine's hot loops only index them; each is marked pure so a bundle that does not use it leaves it out.
 */

export const SIZE = 9;
export const CELLS = SIZE * SIZE;

export const rowOf = (cell: number) => Math.floor(cell / SIZE);
export const colOf = (cell: number) => cell % SIZE;
export const boxOf = (cell: number) => Math.floor(cell / 27) * 3 + Math.floor((cell % SIZE) / 3);
export const indexOf = (row: number, col: number) => row * SIZE + col;

const perCell = (of: (cell: number) => number) => Uint8Array.from({ length: CELLS }, (_, cell) => of(cell));
export const ROW_OF = /*#__PURE__*/ perCell(rowOf);
export const COL_OF = /*#__PURE__*/ perCell(colOf);
export const BOX_OF = /*#__PURE__*/ perCell(boxOf);

function buildUnits(): Uint8Array {
  const units = new Uint8Array(27 * SIZE);
  for (let i = 0; i < SIZE; i++) {
    for (let j = 0; j < SIZE; j++) {
      units[i * SIZE + j] = indexOf(i, j);
      units[(9 + i) * SIZE + j] = indexOf(j, i);
      units[(18 + i) * SIZE + j] = indexOf(Math.floor(i / 3) * 3 + Math.floor(j / 3), (i % 3) * 3 + (j % 3));
    }
  }
  return units;
}

/** 27 units of 9 cells, one after the other: rows 0–8, columns 9–17, boxes 18–26. */
export const UNITS = /*#__PURE__*/ buildUnits();

/** The 9 cells of a unit 0–26 (none for any other number). */
export const unitCells = (unit: number): Uint8Array =>
  unit >= 0 && unit < 27 ? UNITS.subarray(unit * SIZE, unit * SIZE + SIZE) : new Uint8Array(0);

/** A cell's row, column and box as units: [row, 9 + column, 18 + box]. */
export const unitsOf = (cell: number): [number, number, number] => [rowOf(cell), 9 + colOf(cell), 18 + boxOf(cell)];

function buildPeers(): { peers: Uint8Array; isPeer: Uint8Array } {
  const peers = new Uint8Array(CELLS * 20);
  const isPeer = new Uint8Array(CELLS * CELLS);
  for (let cell = 0; cell < CELLS; cell++) {
    let n = 0;
    for (let other = 0; other < CELLS; other++) {
      if (other === cell) continue;
      if (rowOf(other) === rowOf(cell) || colOf(other) === colOf(cell) || boxOf(other) === boxOf(cell)) {
        peers[cell * 20 + n++] = other;
        isPeer[cell * CELLS + other] = 1;
      }
    }
  }
  return { peers, isPeer };
}

const peerTables = /*#__PURE__*/ buildPeers();
/** The 20 cells sharing a unit with each cell, in cell order (cell * 20 …). */
export const PEERS = peerTables.peers;
/** 1 when two cells share a unit (cell * 81 + other). A cell is not its own peer. */
export const IS_PEER = peerTables.isPeer;

/** The 20 cells sharing a row, column or box with `cell`. */
export const peersOf = (cell: number): Uint8Array => PEERS.subarray(cell * 20, cell * 20 + 20);

/** How hints name a cell to a player (docs/api.md#sudoku-hints): r1c1 … r9c9. */
export const cellName = (cell: number) => `r${rowOf(cell) + 1}c${colOf(cell) + 1}`;

/** `r5c2` → 41; -1 for a name the board does not have. */
export function cellIndex(name: string): number {
  const match = /^r([1-9])c([1-9])$/.exec(name);
  return match ? indexOf(Number(match[1]) - 1, Number(match[2]) - 1) : -1;
}
