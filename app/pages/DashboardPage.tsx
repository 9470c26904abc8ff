import { ClientList } from '../components/ClientList.tsx';

/** "/dashboard": home after login; it holds the client list. */
export default function DashboardPage() {
  return <ClientList />;
}
