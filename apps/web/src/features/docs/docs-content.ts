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
    summary: 'Keep your tasks in an Inbox and your own lists, with due dates, repeats, labels and priorities.',
    steps: [
      'Type a task in quick add at the top and press Enter: “Pay rent every month on the 1st 9am #Home @bills p1” sets the date, the repeat, the list, a label and the priority. The recognised words are highlighted; close a chip to keep its words as text.',
      'Pick a view in the side bar (the menu button on small screens): Inbox, Today (overdue tasks first), Upcoming (the next 14 days), Completed, one of your lists or labels; or search from the box at the top.',
      'Tick a task’s box to complete it, double-click its title to rename it, click the title to open its notes (Markdown) and checklist. Complete, delete and move offer Undo for 5 seconds.',
      'In the Inbox and in a list, drag a task by its handle to reorder it, or focus the handle and press Space, the arrow keys, then Space. Drop a task on a list in the side bar to move it there.',
      'Select, above the tasks, lets you tick several and complete, move, label, reschedule or delete them at once.',
      'Search finds the tasks whose title, notes or labels hold every word you type, at the start of a word: “inv jan” finds “January invoice”.',
      'A list’s menu shares it with another user by username, to view or to edit. Import and export (the button beside search) reads Todoist’s CSV or a plain list, writes a CSV, and gives a private calendar address for your dated tasks.',
      'Offline, keep working: your changes are kept on this device and sent, in order, when you are back online.',
      'Keyboard: q quick add, j / k next and previous task, e or Enter rename, x complete, # move to a list, ? all shortcuts.',
      'The Todo List view keeps the original page: Add Item, Mark Complete, Edit and Delete, shown as rows or as cards (the Rows / Cards switch).',
    ],
    accountNote:
      'Your tasks are private to your account (a list you share is seen by the people you share it with), so you need to log in to use it.',
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
