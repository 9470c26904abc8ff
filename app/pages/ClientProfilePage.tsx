import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { createApplication, createClient, getClient, listBrokers, updateClient } from '../api/client.ts';
import type { Broker, Client, LifeApplication } from '../api/types.ts';
import {
  PROFILE_FORM,
  requiredError,
  validateClientField,
  validateClientProfile,
  type ClientProfileErrors,
  type ClientProfileField,
  type ClientProfileValues,
} from '../clientRules.ts';
import { StepsGate } from '../screening/StepsGate.tsx';
import { ApplicationsTable } from '../components/ApplicationsTable.tsx';
import { HistoryPanel } from '../components/HistoryPanel.tsx';
import { focusAfterRender } from '../components/focusAfterRender.ts';
import { AlertIcon, ArrowLeftIcon, PlusIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { fullName } from '../format.ts';

const EMPTY: ClientProfileValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone_primary: '',
  date_of_birth: '',
  gender_sex_at_birth: '',
  brokers: [],
};

const FIELD_ORDER: ClientProfileField[] = ['first_name', 'last_name', 'email', 'phone_primary', 'date_of_birth', 'gender_sex_at_birth'];


function fromClient(client: Client): ClientProfileValues {
  return {
    first_name: client.first_name ?? '',
    last_name: client.last_name ?? '',
    email: client.email ?? '',
    phone_primary: client.phone_primary ?? client.phone ?? '',
    date_of_birth: (client.date_of_birth ?? '').slice(0, 10),
    gender_sex_at_birth: client.gender_sex_at_birth ?? '',
    brokers: Array.isArray(client.brokers) ? client.brokers : [],
  };
}

function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const fieldId = (field: string) => `client-${field}`;
const errorId = (field: string) => `client-${field}-error`;

/** "/client/profile" (blank) and "/client/profile/{clientId}": the client's basic information and applications. */
/** The profile's rules come with the client-profile definition, loaded before the form is drawn. */
export default function ClientProfilePage() {
  return (
    <StepsGate steps={PROFILE_FORM}>
      <ClientProfileForm />
    </StepsGate>
  );
}

function ClientProfileForm() {
  const { clientId } = useParams();
  const navigate = useNavigate();
  const [values, setValues] = useState<ClientProfileValues>(EMPTY);
  const [errors, setErrors] = useState<ClientProfileErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(Boolean(clientId));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [brokers, setBrokers] = useState<Broker[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [applications, setApplications] = useState<LifeApplication[]>([]);
  const [clientName, setClientName] = useState('');
  // A client shared with the user as a broker: who it is shared with is its adviser's choice.
  const [shared, setShared] = useState(false);
  const [creating, setCreating] = useState(false);
  const [applicationError, setApplicationError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(Boolean(clientId));
    setLoadError(null);
    setValues(EMPTY);
    setErrors({});
    setSubmitted(false);
    setApplications([]);
    setClientName('');
    listBrokers(controller.signal).then(
      (list) => setBrokers(list),
      (cause: unknown) => {
        if (!controller.signal.aborted) setFormError(cause instanceof Error ? cause.message : 'Error fetching brokers');
      },
    );
    if (clientId) {
      getClient(clientId, { includeApplications: true, signal: controller.signal })
        .then((client) => {
          setValues(fromClient(client));
          setApplications(client.life_applications ?? []);
          setClientName(fullName(client));
          setShared(client.access === 'broker');
        })
        .catch((cause: unknown) => {
          if (!controller.signal.aborted) setLoadError(cause instanceof Error ? cause.message : 'Error fetching client profile');
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }
    return () => controller.abort();
  }, [clientId]);

  const validateOne = (field: ClientProfileField, value: string): string | undefined =>
    (submitted ? requiredError(field, value) : undefined) ?? validateClientField(field, value);

  const onFieldChange = (field: ClientProfileField) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: validateOne(field, value) }));
  };

  const onBrokersChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const selected = Array.from(event.target.selectedOptions, (option) => option.value);
    setValues((previous) => ({ ...previous, brokers: selected }));
  };

  const inputProps = (field: ClientProfileField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: onFieldChange(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
    // The definitions' required rule (a blank value has a message), as the asterisk shows it.
    'aria-required': requiredError(field, '') !== undefined || undefined,
  });

  const fieldError = (field: ClientProfileField) =>
    errors[field] ? (
      <p className="field-error" id={errorId(field)}>
        {errors[field]}
      </p>
    ) : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    const found = validateClientProfile(values);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      focusAfterRender(() => summaryRef.current);
      return;
    }
    // Email is required only by the input itself: once our rules pass, let the browser report it.
    const form = event.currentTarget as HTMLFormElement;
    if (!form.checkValidity()) {
      form.reportValidity();
      return;
    }
    setSaving(true);
    const body = {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      phone_primary: values.phone_primary.trim(),
      date_of_birth: values.date_of_birth,
      gender_sex_at_birth: values.gender_sex_at_birth,
      brokers: values.brokers,
    };
    try {
      const saved = clientId ? await updateClient(clientId, body) : await createClient(body);
      const id = clientId ?? saved?.id;
      if (id === undefined || id === null) throw new Error('An error occurred');
      navigate(`/client/${id}/screening/prompt`);
    } catch (cause) {
      setFormError(cause instanceof Error && cause.message ? cause.message : 'An error occurred');
      setSaving(false);
    }
  };

  const onNewApplication = async () => {
    setApplicationError(null);
    setCreating(true);
    try {
      const { id } = await createApplication(clientId);
      navigate(`/client/${clientId}/screening/basic?application_id=${encodeURIComponent(String(id))}`);
    } catch (cause) {
      setApplicationError(cause instanceof Error && cause.message ? cause.message : 'Failed to create new application');
      setCreating(false);
    }
  };

  if (loading) {
    return (
      <div className="page page-narrow">
        <Loading label="Loading..." />
      </div>
    );
  }

  if (loadError) {
    return (
      <div className="page page-narrow">
        <h1 className="page-title" style={{ marginBottom: 'var(--space-4)' }}>
          Client Profile
        </h1>
        <div className="alert alert-error" role="alert">
          <AlertIcon />
          <span>{loadError}</span>
        </div>
        <p style={{ marginTop: 'var(--space-4)' }}>
          <Link to="/dashboard">Back to clients</Link>
        </p>
      </div>
    );
  }

  const errorList = FIELD_ORDER.filter((field) => errors[field]);
  const brokerOptions = [...brokers];
  for (const email of values.brokers) {
    if (!brokerOptions.some((broker) => broker.email === email)) brokerOptions.push({ name: email, email });
  }

  return (
    <div className="page page-narrow">
      <p style={{ marginBottom: 'var(--space-3)' }}>
        <Link to="/dashboard" className="text-sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-1)' }}>
          <ArrowLeftIcon /> Back to clients
        </Link>
      </p>
      <div className="page-header">
        <div>
          <h1 className="page-title">Client Profile</h1>
          <p className="page-subtitle">{clientId ? clientName || 'Update the client and continue to the screening.' : 'Add a new client, then continue to the screening.'}</p>
        </div>
      </div>

      <div className="stack">
        <form className="card" onSubmit={onSubmit} noValidate aria-labelledby="basic-information-title">
          <div className="card-body">
            <section className="section">
              <h2 className="section-title" id="basic-information-title">
                Basic Information
              </h2>

              {(formError || (submitted && errorList.length > 0)) && (
                <div ref={summaryRef} tabIndex={-1} className="alert alert-error" role="alert" style={{ marginBottom: 'var(--space-5)' }}>
                  <AlertIcon />
                  <div>
                    {formError && <p>{formError}</p>}
                    {submitted && errorList.length > 0 && (
                      <>
                        <p className="alert-title">Please fix the following:</p>
                        <ul>
                          {errorList.map((field) => (
                            <li key={field}>
                              <a
                                href={`#${fieldId(field)}`}
                                onClick={(event) => {
                                  event.preventDefault();
                                  document.getElementById(fieldId(field))?.focus();
                                }}
                                style={{ color: 'inherit', fontWeight: 400 }}
                              >
                                {errors[field]}
                              </a>
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                  </div>
                </div>
              )}

              <div className="form-grid">
                <div className="field">
                  <label className="field-label field-required" htmlFor={fieldId('first_name')}>
                    First Name
                  </label>
                  <input type="text" autoComplete="given-name" {...inputProps('first_name')} />
                  {fieldError('first_name')}
                </div>
                <div className="field">
                  <label className="field-label field-required" htmlFor={fieldId('last_name')}>
                    Last Name
                  </label>
                  <input type="text" autoComplete="family-name" {...inputProps('last_name')} />
                  {fieldError('last_name')}
                </div>
                <div className="field">
                  <label className="field-label field-required" htmlFor={fieldId('email')}>
                    Email
                  </label>
                  <input type="email" autoComplete="email" required {...inputProps('email')} />
                  {fieldError('email')}
                </div>
                <div className="field">
                  <label className="field-label field-required" htmlFor={fieldId('phone_primary')}>
                    Phone
                  </label>
                  <input type="tel" autoComplete="tel" placeholder="416-555-1234" {...inputProps('phone_primary')} />
                  {fieldError('phone_primary')}
                </div>
                <div className="field">
                  <label className="field-label field-required" htmlFor={fieldId('date_of_birth')}>
                    Date of Birth
                  </label>
                  <input type="date" max={todayIso()} {...inputProps('date_of_birth')} />
                  {fieldError('date_of_birth')}
                </div>
                <div className="field">
                  <label className="field-label field-required" htmlFor={fieldId('gender_sex_at_birth')}>
                    Gender
                  </label>
                  <select {...inputProps('gender_sex_at_birth')}>
                    <option value="">Select gender</option>
                    <option value="male">Male</option>
                    <option value="female">Female</option>
                    <option value="other">Other</option>
                  </select>
                  {fieldError('gender_sex_at_birth')}
                </div>
                <div className="field span-2">
                  <label className="field-label" htmlFor="client-brokers">
                    Brokers
                  </label>
                  <select id="client-brokers" name="brokers" multiple value={values.brokers} onChange={onBrokersChange} aria-describedby="client-brokers-hint" disabled={shared}>
                    {brokerOptions.map((broker) => (
                      <option key={broker.email} value={broker.email}>
                        {`${broker.name} (${broker.email})`}
                      </option>
                    ))}
                  </select>
                  <p className={shared ? 'field-hint' : 'field-hint hint-fine-pointer'} id="client-brokers-hint">
                    {shared ? 'This client is shared with you as a broker: only its adviser can change its brokers' : 'Hold Ctrl/Cmd to select multiple brokers'}
                  </p>
                </div>
              </div>
            </section>
          </div>
          <div className="card-footer">
            <Link to="/dashboard" className="btn btn-secondary">
              Cancel
            </Link>
            <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined}>
              Continue
            </button>
          </div>
        </form>

        <section className="card" aria-labelledby="applications-title">
          <div className="card-header">
            <h2 className="section-title" id="applications-title" style={{ margin: 0 }}>
              Insurance Applications
            </h2>
            <button type="button" className="btn btn-primary btn-sm" onClick={onNewApplication} disabled={creating} aria-busy={creating || undefined}>
              <PlusIcon />
              New Insurance Application
            </button>
          </div>
          {applicationError && (
            <div className="alert alert-error" role="alert" style={{ margin: 'var(--space-4) var(--space-6) 0' }}>
              <AlertIcon />
              <span>{applicationError}</span>
            </div>
          )}
          <ApplicationsTable applications={applications} />
        </section>
        {clientId ? <HistoryPanel clientId={clientId} /> : null}
      </div>
    </div>
  );
}
