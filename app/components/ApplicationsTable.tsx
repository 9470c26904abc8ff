import type { LifeApplication } from '../api/types.ts';
import { applicationTypeLabel, formatCad, formatDate, productTypeLabel, statusBadgeClass } from '../format.ts';

/** Status text as stored, readable: "IN_REVIEW" -> "IN REVIEW". */
function statusText(status: string | null | undefined): string {
  return status ? status.replace(/_/g, ' ') : 'UNKNOWN';
}

/** A client's life applications: Date, Type, Product, Insureds, Status, Face Amount. */
export function ApplicationsTable({ applications }: { applications: LifeApplication[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Product</th>
            <th scope="col">Insureds</th>
            <th scope="col">Status</th>
            <th scope="col" className="cell-num">
              Face Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {applications.length === 0 ? (
            <tr>
              <td colSpan={6} className="table-empty">
                No insurance applications found
              </td>
            </tr>
          ) : (
            applications.map((application) => {
              const amount = formatCad(application.face_amount);
              return (
                <tr key={application.id}>
                  <td className="cell-nowrap">{formatDate(application.created_at)}</td>
                  <td>{applicationTypeLabel(application.application_type)}</td>
                  <td>{productTypeLabel(application.product_type)}</td>
                  <td>{application.number_of_insureds ?? '-'}</td>
                  <td>
                    <span className={statusBadgeClass(application.status)}>{statusText(application.status)}</span>
                  </td>
                  <td className="cell-num">{amount ?? <em className="not-set">Not set</em>}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
