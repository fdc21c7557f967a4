import { Route, Routes } from 'react-router';
import { ContactSection } from '../features/contact/ContactSection';
import { HomePage } from '../features/home/HomePage';
import { lazyPage } from '../lib/lazy-page';
import { AppLayout } from './shell/AppLayout';
import { usePageMeta } from './use-page-meta';

// Every page but the home page is its own chunk, fetched on first visit. A page composed from
// several features is in ./routes; a page of one feature comes from that feature.
const WeatherPage = lazyPage(() => import('../features/weather/WeatherPage'), 'WeatherPage', 'route');
const SudokuMenuPage = lazyPage(() => import('../features/sudoku/SudokuMenuPage'), 'SudokuMenuPage', 'route');
const SudokuGamePage = lazyPage(() => import('../features/sudoku/SudokuGamePage'), 'SudokuGamePage', 'route');
const TodoPage = lazyPage(() => import('../features/todo/TodoPage'), 'TodoPage', 'route');
const FinanceHomeRoute = lazyPage(() => import('./routes/FinanceHomeRoute'), 'FinanceHomeRoute', 'route');
const WalletPage = lazyPage(() => import('../features/wallets/WalletPage'), 'WalletPage', 'route');
const StockPage = lazyPage(() => import('../features/finance/StockPage'), 'StockPage', 'route');
const PortfolioPage = lazyPage(() => import('../features/portfolio/PortfolioPage'), 'PortfolioPage', 'route');
const ProjectPage = lazyPage(() => import('../features/portfolio/ProjectPage'), 'ProjectPage', 'route');
const AccountPage = lazyPage(() => import('../features/account/AccountPage'), 'AccountPage', 'route');
const ResetPasswordPage = lazyPage(() => import('../features/account/ResetPasswordPage'), 'ResetPasswordPage', 'route');
const AdminRoute = lazyPage(() => import('./routes/AdminRoute'), 'AdminRoute', 'route');
const DocsPage = lazyPage(() => import('../features/docs/DocsPage'), 'DocsPage', 'route');
const NotFoundPage = lazyPage(() => import('../components/NotFoundPage'), 'NotFoundPage', 'route');

/** docs/product.md#screens routes (the account, reset and admin pages too) plus /docs/:app and a 404 page. */
export function AppRoutes() {
  usePageMeta();
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage after={<ContactSection />} />} />
        <Route path="apps/forecast" element={<WeatherPage />} />
        <Route path="apps/sudoku" element={<SudokuMenuPage />} />
        <Route path="apps/sudoku/game" element={<SudokuGamePage />} />
        <Route path="apps/todo" element={<TodoPage />} />
        <Route path="apps/finance" element={<FinanceHomeRoute />} />
        <Route path="apps/finance/wallet" element={<WalletPage />} />
        <Route path="apps/finance/stock/:symbol" element={<StockPage />} />
        <Route path="portfolio" element={<PortfolioPage />} />
        <Route path="portfolio/:slug" element={<ProjectPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="admin" element={<AdminRoute />} />
        <Route path="docs/:app" element={<DocsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
