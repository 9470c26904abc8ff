import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '../router/Link.tsx';
import { ApiError } from '../api/client.ts';
import {
  getProfile,
  profileHistory,
  saveProfile,
  type AdviserProfile,
  type ProfileAnswer,
  type ProfileChange,
} from '../api/profile.ts';
import { AlertIcon, ArrowLeftIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
// Messages built in an effect read the app's instance: useT()'s function changes at every render.
import { i18n } from '../i18n/language.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/account';

const EMPTY: AdviserProfile = {
  full_name: '',
  licence_number: '',
  licence_provinces: [],
  agency: '',
  adviser_codes: {},
};

/** A field's label in the trail ("Adviser code: Manulife"), from the page's own labels. */
function fieldLabel(field: string, insurers: ProfileAnswer['insurers'], t: ReturnType<typeof useT>): string {
  const labels: Record<string, string> = {
    full_name: t('account.profile.fullName'),
    licence_number: t('account.profile.licenceNumber'),
    licence_provinces: t('account.profile.licenceProvinces'),
    agency: t('account.profile.agency'),
  };
  if (field.startsWith('adviser_codes.')) {
    const id = field.slice('adviser_codes.'.length);
    return t('account.profile.adviserCode', { insurer: insurers.find((i) => i.id === id)?.name ?? id });
  }
  return labels[field.replace(/\.\d+$/, '')] ?? field;
}

const shown = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '—' : Array.isArray(value) ? value.join(', ') : String(value);

/**
 * "/account/profile": the adviser's profile, entered once and printed on every insurer's form: full name, licence
 * number and provinces, agency or MGA, and the adviser code held with each insurer (generation for an insurer asks
 * for its code). Saved changes are listed under it.
 */
export default function AccountProfilePage() {
  const t = useT();
  const [answer, setAnswer] = useState<ProfileAnswer | null>(null);
  const [form, setForm] = useState<AdviserProfile>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const [changes, setChanges] = useState<ProfileChange[]>([]);

  // The insurers and provinces are named in the language shown: on a switch (a new `t`) they are asked for again, and
  // the form keeps what the adviser has typed.
  const formLoaded = useRef(false);
  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal).then(
      (loaded) => {
        setAnswer(loaded);
        if (formLoaded.current) return;
        formLoaded.current = true;
        setForm(loaded.profile ?? EMPTY);
      },
      (e: unknown) => {
        if (!controller.signal.aborted)
          setFailure(e instanceof Error ? e.message : i18n._('account.profile.loadFailed'));
      },
    );
    return () => controller.abort();
  }, [t]);

  useEffect(() => {
    const controller = new AbortController();
    profileHistory(controller.signal).then(setChanges, () => undefined);
    return () => controller.abort();
  }, []);

  const set = (patch: Partial<AdviserProfile>): void => {
    setForm((f) => ({ ...f, ...patch }));
    setSaved(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    setSaved(false);
    try {
      const stored = await saveProfile(form);
      setAnswer(stored);
      setForm(stored.profile ?? EMPTY);
      setErrors({});
      setSaved(true);
      setChanges(await profileHistory().catch(() => changes));
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { errors?: { field: string; message: string }[] } | null) : null;
      if (body?.errors?.length) setErrors(Object.fromEntries(body.errors.map((x) => [x.field, x.message])));
      setFailure(e instanceof Error ? e.message : t('account.profile.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  if (!answer && !failure) return <Loading label={t('account.profile.loading')} />;
  const insurers = answer?.insurers ?? [];
  const provinces = answer?.provinces ?? [];
  const error = (field: string) =>
    errors[field] ? (
      <p className="field-error" id={`${field}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const described = (field: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {};

  return (
    <div className="page page-narrow">
      <p style={{ marginBottom: 'var(--space-3)' }}>
        <Link
          to="/dashboard"
          className="text-sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-1)' }}
        >
          <ArrowLeftIcon /> {t('account.profile.backToClients')}
        </Link>
      </p>
      <div className="page-header">
        <div>
          <h1 className="page-title">{t('account.profile.title')}</h1>
          <p className="page-subtitle">{t('account.profile.subtitle')}</p>
        </div>
        <Link to="/account/password" className="btn btn-secondary">
          {t('account.profile.changePassword')}
        </Link>
      </div>
      <div className="stack">
        <form className="card" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="adviser-title">
          <div className="card-body form-stack">
            {failure ? (
              <div className="alert alert-error" role="alert">
                <AlertIcon />
                <span>{failure}</span>
              </div>
            ) : null}
            {saved ? (
              <div className="alert alert-success" role="status">
                <span>{t('account.profile.saved')}</span>
              </div>
            ) : null}
            <h2 className="section-title" id="adviser-title" style={{ margin: 0 }}>
              {t('account.profile.adviser')}
            </h2>
            <div className="form-grid">
              <div className="field span-2">
                <label className="field-label field-required" htmlFor="full_name">
                  {t('account.profile.fullName')}
                </label>
                <input
                  id="full_name"
                  value={form.full_name}
                  autoComplete="name"
                  maxLength={100}
                  {...described('full_name')}
                  onChange={(e) => set({ full_name: e.target.value })}
                />
                {error('full_name')}
              </div>
              <div className="field">
                <label className="field-label field-required" htmlFor="licence_number">
                  {t('account.profile.licenceNumber')}
                </label>
                <input
                  id="licence_number"
                  value={form.licence_number}
                  maxLength={40}
                  {...described('licence_number')}
                  onChange={(e) => set({ licence_number: e.target.value })}
                />
                {error('licence_number')}
              </div>
              <div className="field">
                <label className="field-label field-required" htmlFor="agency">
                  {t('account.profile.agency')}
                </label>
                <input
                  id="agency"
                  value={form.agency}
                  maxLength={120}
                  {...described('agency')}
                  onChange={(e) => set({ agency: e.target.value })}
                />
                {error('agency')}
              </div>
              <fieldset className="field span-2 profile-fieldset" {...described('licence_provinces')}>
                <legend className="field-label field-required">{t('account.profile.provinces')}</legend>
                <div className="profile-provinces">
                  {provinces.map((p) => (
                    <label key={p.id} className="checkbox">
                      <input
                        type="checkbox"
                        checked={form.licence_provinces.includes(p.id)}
                        onChange={(e) =>
                          set({
                            licence_provinces: e.target.checked
                              ? [...form.licence_provinces, p.id]
                              : form.licence_provinces.filter((x) => x !== p.id),
                          })
                        }
                      />
                      <span>{p.name}</span>
                    </label>
                  ))}
                </div>
                {error('licence_provinces')}
              </fieldset>
            </div>
            <h2 className="section-title" style={{ margin: 'var(--space-2) 0 0' }}>
              {t('account.profile.codes')}
            </h2>
            <p className="field-hint" style={{ marginTop: 0 }}>
              {t('account.profile.codesHint')}
            </p>
            <div className="form-grid">
              {insurers.map((insurer) => {
                const field = `adviser_codes.${insurer.id}`;
                return (
                  <div className="field" key={insurer.id}>
                    <label className="field-label" htmlFor={`code-${insurer.id}`}>
                      {insurer.name}
                    </label>
                    <input
                      id={`code-${insurer.id}`}
                      value={form.adviser_codes[insurer.id] ?? ''}
                      maxLength={30}
                      {...described(field)}
                      onChange={(e) => set({ adviser_codes: { ...form.adviser_codes, [insurer.id]: e.target.value } })}
                    />
                    {error(field)}
                  </div>
                );
              })}
            </div>
          </div>
          <div className="card-footer">
            <Link to="/dashboard" className="btn btn-secondary">
              {t('account.profile.cancel')}
            </Link>
            <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined}>
              {saving ? t('account.profile.saving') : t('account.profile.save')}
            </button>
          </div>
        </form>
        <section className="card" aria-labelledby="profile-changes">
          <div className="card-header">
            <h2 className="section-title" id="profile-changes" style={{ margin: 0 }}>
              {t('account.profile.changes')}
            </h2>
          </div>
          <div className="card-body">
            {changes.length === 0 ? (
              <p className="field-hint">{t('account.profile.noChanges')}</p>
            ) : (
              <ul className="profile-changes">
                {changes.map((c) => (
                  <li key={c.id}>
                    <time dateTime={c.at}>{new Date(c.at).toLocaleString('en-CA')}</time>
                    <ul>
                      {c.changes.map((x, i) => (
                        <li key={i}>
                          {fieldLabel(x.field, insurers, t)}: {shown(x.from)} → {shown(x.to)}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
