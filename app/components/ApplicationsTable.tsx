import { Link } from 'react-router';
import type { LifeApplication } from '../api/types.ts';
import { formatCad, formatDate } from '../format.ts';
import { ApplicationDocuments } from './ApplicationDocuments.tsx';
import { AlertIcon } from './icons.tsx';
import { useFileDownloads } from './useFileDownloads.ts';
import { ScrollRegion } from './ScrollRegion.tsx';
import { SortHeader } from './SortHeader.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * Life applications: Date, Type, Product, Insureds, Status, Face Amount and Documents (the newest generation's PDFs,
 * downloaded with the session's token). A failed download is reported above the table. A client's profile
 * (`forClient`) adds the client's Role on each, and names the client whose application it is when it is another's.
 */
export function ApplicationsTable({
  applications,
  showClient = false,
  forClient,
  sort,
  refreshing = false,
  empty,
}: {
  applications: LifeApplication[];
  showClient?: boolean;
  forClient?: string | number;
  /** The list's ordering and how to change it: its column headers sort (the Applications page). */
  sort?: { ordering: string; onSort(ordering: string): void };
  /** Another page is on its way: the rows shown are dimmed. */
  refreshing?: boolean;
  /** What an empty table says (default: the spec's "No insurance applications found"). */
  empty?: string;
}) {
  const header = (label: string, field: string, className?: string, firstDescending = false) =>
    sort ? (
      <SortHeader field={field} firstDescending={firstDescending} className={className} {...sort}>
        {label}
      </SortHeader>
    ) : (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  const files = useFileDownloads();
  const showRole = forClient !== undefined;
  const columns = 7 + (showClient ? 1 : 0) + (showRole ? 1 : 0);
  return (
    <>
      {files.error ? (
        <div className="alert alert-error table-alert" role="alert">
          <AlertIcon />
          <span>{files.error}</span>
        </div>
      ) : null}
      <ScrollRegion label="Applications table">
        <table className={`table table-cards${refreshing ? ' is-refreshing' : ''}`} aria-busy={refreshing}>
          <thead>
            <tr>
              {showClient ? header('Client', 'client_name') : null}
              {header('Date', 'created_at', undefined, true)}
              <th scope="col">Type</th>
              {header('Product', 'product_type')}
              <th scope="col">Insureds</th>
              {showRole ? <th scope="col">Role</th> : null}
              {header('Status', 'status')}
              {header('Face Amount', 'face_amount', 'cell-num', true)}
              <th scope="col">Documents</th>
            </tr>
          </thead>
          <tbody>
            {applications.length === 0 ? (
              <tr>
                <td colSpan={columns} className="table-empty">
                  {empty ?? 'No insurance applications found'}
                </td>
              </tr>
            ) : (
              applications.map((application) => {
                const amount = formatCad(application.face_amount);
                return (
                  <tr key={application.id}>
                    {showClient ? (
                      <td className="card-title-cell">
                        {application.client_id !== undefined ? (
                          <Link to={`/client/profile/${application.client_id}`}>
                            {application.client_name || 'Client'}
                          </Link>
                        ) : (
                          application.client_name
                        )}
                      </td>
                    ) : null}
                    <td className="cell-nowrap" data-label="Date">
                      {formatDate(application.created_at)}
                    </td>
                    <td data-label="Type">{application.application_type_label || '-'}</td>
                    <td data-label="Product">{application.product_type_label || '-'}</td>
                    <td data-label="Insureds">{application.number_of_insureds ?? '-'}</td>
                    {showRole ? (
                      <td data-label="Role">
                        <span className="role-stack">
                          <span>{application.role || '-'}</span>
                          {application.client_id !== undefined &&
                          String(application.client_id) !== String(forClient) ? (
                            <Link className="text-sm" to={`/client/profile/${application.client_id}`}>
                              {application.client_name ? `${application.client_name}'s application` : 'Their client'}
                            </Link>
                          ) : null}
                        </span>
                      </td>
                    ) : null}
                    <td data-label="Status">
                      <span className="status-stack">
                        <Link to={`/applications/${application.id}`}>
                          <StatusBadge status={application.status} />
                          <span className="sr-only"> (open application {application.id})</span>
                        </Link>
                        {application.definitions_changed ? (
                          <span
                            className="badge"
                            title="The screening's questions changed after this application was started: its review lists anything new to answer"
                          >
                            Questions updated
                          </span>
                        ) : null}
                      </span>
                    </td>
                    <td className="cell-num" data-label="Face Amount">
                      {amount ?? <em className="not-set">Not set</em>}
                    </td>
                    <td className="cell-documents" data-label="Documents">
                      <ApplicationDocuments
                        generations={application.generations}
                        busy={files.busy}
                        onDownload={(url, filename) => void files.download(url, filename)}
                      />
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
