import { ClientList } from '../components/ClientList.tsx';
import { WaitingOnAdviser } from '../components/WaitingOnAdviser.tsx';

/** "/dashboard": home after login; it holds the client list, under what waits on the adviser. */
export default function DashboardPage() {
  return <ClientList summary={<WaitingOnAdviser />} />;
}
