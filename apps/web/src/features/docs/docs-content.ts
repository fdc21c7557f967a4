import type { AppLink } from '../../config/apps';

export interface AppDoc {
  title: string;
  summary: string;
  /** Step-by-step use, in order. */
  steps: string[];
  /** What needs an account, if anything. */
  accountNote: string;
}

export const appDocs: Record<AppLink['key'], AppDoc> = {
  forecast: {
    title: 'Weather Forecast',
    summary: 'Look up the current weather and a daily forecast for any address or place.',
    steps: [
      'Type an address or a place name in the search box and pick one of the suggestions.',
      'Press Search to see the current conditions and the forecast for the coming days.',
      'Each day shows highs and lows, rain chance and amount, wind, and a detailed text forecast where one is available.',
    ],
    accountNote: 'Saving a place to your favorites needs an account; searching does not.',
  },
  sudoku: {
    title: 'Sudoku',
    summary: 'Play classic 9×9 Sudoku at easy, medium or hard difficulty.',
    steps: [
      'Choose a difficulty and press Start Game.',
      'Click a cell and type a digit from 1 to 9; the given clues cannot be changed.',
      'Use Check to test your board: wrong rows, columns and boxes flash red. Pause stops the timer.',
      'Give Up shows the solution; Save Game keeps your progress to continue later.',
      'Type in your own puzzle or open a share link: one that needs guessing is graded expert, and its hints reveal a cell where no technique helps.',
    ],
    accountNote: 'Playing, saving and continuing games needs an account.',
  },
  todo: {
    title: 'To-Do List',
    summary: 'Keep a simple personal list of things to do.',
    steps: [
      'Press Add Item and give the task a title and an optional description.',
      'Press Mark Complete when it is done; completed items move to their own section.',
      'Edit an item to change its text or status, or delete it with the red Delete button.',
    ],
    accountNote: 'Your list is private to your account, so you need to log in to use it.',
  },
  finance: {
    title: 'Finance',
    summary: 'Research stocks and practise trading with simulated wallets, no real money involved.',
    steps: [
      'Search a ticker symbol to see its price, key figures, company profile, officers and news.',
      'Add symbols to your watchlist to follow them at a glance.',
      'Create a wallet (it starts with $100,000 of play money), set it active, then buy and sell stocks.',
      'The wallet page shows holdings, history and how the wallet’s value changed over time.',
    ],
    accountNote: 'Looking up stocks is open to everyone; the watchlist and wallets need an account.',
  },
};

export function isAppKey(value: string | undefined): value is AppLink['key'] {
  return value !== undefined && Object.hasOwn(appDocs, value);
}
