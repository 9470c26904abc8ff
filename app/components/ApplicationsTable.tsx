import { Link } from '../router/Link.tsx';
import type { LifeApplication } from '../api/types.ts';
import { formatCad, formatDate } from '../format.ts';
import { ApplicationDocuments } from './ApplicationDocuments.tsx';
import { AlertIcon } from './icons.tsx';
import { useFileDownloads } from './useFileDownloads.ts';
import { ScrollRegion } from './ScrollRegion.tsx';
import { SortHeader } from './SortHeader.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/applications';

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
  const t = useT();
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
      <ScrollRegion label={t('applications.table.label')}>
        <table className={`table table-cards${refreshing ? ' is-refreshing' : ''}`} aria-busy={refreshing}>
          <thead>
            <tr>
              {showClient ? header(t('applications.table.client'), 'client_name') : null}
              {header(t('applications.table.date'), 'created_at', undefined, true)}
              <th scope="col">{t('applications.table.type')}</th>
              {header(t('applications.table.product'), 'product_type')}
              <th scope="col">{t('applications.table.insureds')}</th>
              {showRole ? <th scope="col">{t('applications.table.role')}</th> : null}
              {header(t('applications.table.status'), 'status')}
              {header(t('applications.table.faceAmount'), 'face_amount', 'cell-num', true)}
              <th scope="col">{t('applications.table.documents')}</th>
            </tr>
          </thead>
          <tbody>
            {applications.length === 0 ? (
              <tr>
                <td colSpan={columns} className="table-empty">
                  {empty ?? t('applications.table.empty')}
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
                            {application.client_name || t('applications.table.client')}
                          </Link>
                        ) : (
                          application.client_name
                        )}
                      </td>
                    ) : null}
                    <td className="cell-nowrap" data-label={t('applications.table.date')}>
                      {formatDate(application.created_at)}
                    </td>
                    <td data-label={t('applications.table.type')}>{application.application_type_label || '-'}</td>
                    <td data-label={t('applications.table.product')}>{application.product_type_label || '-'}</td>
                    <td data-label={t('applications.table.insureds')}>{application.number_of_insureds ?? '-'}</td>
                    {showRole ? (
                      <td data-label={t('applications.table.role')}>
                        <span className="role-stack">
                          <span>{application.role || '-'}</span>
                          {application.client_id !== undefined &&
                          String(application.client_id) !== String(forClient) ? (
                            <Link className="text-sm" to={`/client/profile/${application.client_id}`}>
                              {application.client_name
                                ? t('applications.table.someonesApplication', { name: application.client_name })
                                : t('applications.table.theirClient')}
                            </Link>
                          ) : null}
                        </span>
                      </td>
                    ) : null}
                    <td data-label={t('applications.table.status')}>
                      <span className="status-stack">
                        <Link to={`/applications/${application.id}`}>
                          <StatusBadge status={application.status} />
                          <span className="sr-only">{t('applications.table.open', { id: application.id })}</span>
                        </Link>
                        {application.definitions_changed ? (
                          <span className="badge" title={t('applications.table.questionsUpdatedHint')}>
                            {t('applications.table.questionsUpdated')}
                          </span>
                        ) : null}
                      </span>
                    </td>
                    <td className="cell-num" data-label={t('applications.table.faceAmount')}>
                      {amount ?? <em className="not-set">{t('applications.table.notSet')}</em>}
                    </td>
                    <td className="cell-documents" data-label={t('applications.table.documents')}>
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
