import { AdminPage, type AdminPanel } from '../../features/admin/AdminPage';

/**
 * /admin, composed: the admin feature's own tabs (users, status, site notice) and the tabs other
 * features add, each a lazily loaded panel of its own feature.
 */
const panels: AdminPanel[] = [];

export function AdminRoute() {
  return <AdminPage panels={panels} />;
}
