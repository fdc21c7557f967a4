import type { SudokuCellBoard, SudokuGame } from '@site/contract';
import {
  dropOfflineCopy,
  isNetworkFailure,
  isOffline,
  keepOfflineCopy,
  readOfflineCopy,
} from '../../../lib/offline-copy';
import { sudokuApi } from './sudoku-api';

/**
 * docs/product.md#offline: the game last opened is kept in local storage, with the moves made
 * offline, so the page reopens it offline; the moves the server has not got yet are marked
 * unsaved and go out first when the game is next loaded online (or when the connection returns,
 * use-autosave.ts). One game only: the one being played.
 */
const GAME_COPY = 'sudoku-game';
/** The id of the game whose kept board the server has not got yet. */
const UNSAVED = 'sudoku-unsaved';

const keptGame = (id: number) => {
  const copy = readOfflineCopy<SudokuGame>(GAME_COPY);
  return copy?.id === id ? copy : undefined;
};

export const hasUnsavedBoard = (id: number) => readOfflineCopy<number>(UNSAVED) === id;

/** Keeps a board the server could not be sent (offline) with the game's copy, marked unsaved. */
export function keepUnsavedBoard(id: number, board: SudokuCellBoard, time: number): void {
  const copy = keptGame(id);
  if (!copy) return;
  keepOfflineCopy(GAME_COPY, { ...copy, transformed_state: board, time });
  keepOfflineCopy(UNSAVED, id);
}

/** The server has this board now: the copy follows it and nothing is waiting any more. */
export function markBoardSaved(id: number, board: SudokuCellBoard, time: number): void {
  const copy = keptGame(id);
  if (copy) keepOfflineCopy(GAME_COPY, { ...copy, transformed_state: board, time });
  if (hasUnsavedBoard(id)) dropOfflineCopy(UNSAVED);
}

/**
 * The game from the server (first sending the board kept offline, if any), kept as the copy; offline,
 * the copy with the moves made offline.
 */
export async function loadGame(id: number, signal?: AbortSignal): Promise<SudokuGame> {
  const copy = keptGame(id);
  try {
    if (copy && hasUnsavedBoard(id)) {
      try {
        await sudokuApi.saveGame({ gameid: id, current_state: copy.transformed_state, time: copy.time });
      } catch (error) {
        if (isNetworkFailure(error)) throw error;
        // Refused (e.g. the game ended on another device): the server's game is the one to show.
        console.error('Failed to save game', error);
      }
      dropOfflineCopy(UNSAVED);
    }
    const game = await sudokuApi.game(id, signal);
    keepOfflineCopy(GAME_COPY, game);
    return game;
  } catch (error) {
    if (copy && isOffline() && isNetworkFailure(error)) return copy;
    throw error;
  }
}
