import { useEffect, useState } from 'react';
import { SEGMENT_KINDS } from '#db/schema/enums';
import type { LinkClicks, Newsletter, NewsletterInput, Segment, SegmentKind } from '#shared/schemas/admin/newsletters';
import type { Tag } from '#shared/schemas/admin/tags';
import { isoToOsloLocal, osloLocalToIso } from '#shared/time';
import { api, call } from '#browser/api';
import { errorMessage } from '#browser/call';
import { formatDateTime } from '#browser/format';
import { toast } from '#browser/stores/toast';
import { BusyButton } from '../../ui/BusyButton';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { useDebounced } from '../../ui/useDebounced';
import { BackLink } from '../BackLink';
import { SectionHeader } from '../SectionHeader';
import { Figures, LinkFigures } from './Figures';
import { MailPreview } from './MailPreview';
import { whenLine } from './NewsletterCard';
import { adminNewsletters } from '#shared/copy/admin/newsletters';

const t = adminNewsletters;
const failed = { title: t.title, message: t.loadFailed };
/** While a send is scheduled or under way, the figures are read again this often. */
const REFRESH_MS = 3_000;

/** The status and when, once: "Sendt 27. nov." says both, "Sender · 3 av 10 sendt" needs the status first. */
const statusLine = (status: Newsletter['status'], when: string | null) =>
  status === 'sent' && when ? when : `${t.status[status]}${when ? ` · ${when}` : ''}`;

/**
 * After a send, a schedule or a cancel the view turns read-only with the status and figures at its
 * top, while the button pressed was at the foot of the form: back to the top (the main landmark
 * takes focus, so the keyboard starts there too), or the admin sees neither the status nor the
 * counts, only the sidebar scrolled past the header.
 */
function toTop() {
  document.getElementById('main')?.focus({ preventScroll: true });
  window.scrollTo({ top: 0 });
}

/** Every tag an audience may name (automatic and the admins' own), for the tag audience; empty until loaded or on failure. */
function useTags(): Tag[] {
  const [tags, setTags] = useState<Tag[]>([]);
  useEffect(() => {
    call(api.admin.tags.$get()).then(
      (r) => setTags(r.tags),
      () => setTags([]),
    );
  }, []);
  return tags;
}

/**
 * One newsletter: the draft's subject, Markdown and segment with the live preview and the count
 * of consented recipients; save, test send, send now or at an Oslo time. A newsletter that left
 * the draft stage is shown read-only with its figures, and can be cancelled while it waits or goes.
 */
export function NewsletterEditor({ id: initialId, onClose }: { id: string | null; onClose: () => void }) {
  const [id, setId] = useState(initialId);
  const [loaded, setLoaded] = useState<Newsletter | null>(null);
  const [links, setLinks] = useState<LinkClicks[]>([]);
  const [subject, setSubject] = useState('');
  const [markdown, setMarkdown] = useState('');
  const [kind, setKind] = useState<SegmentKind>('consented');
  const [days, setDays] = useState('30');
  const [tag, setTag] = useState('');
  const tags = useTags();
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<'send' | 'schedule' | 'cancel' | null>(null);

  const editable = !loaded || loaded.status === 'draft';
  const segment: Segment =
    kind === 'inactive' ? { kind, days: Number(days) } : kind === 'tag' ? { kind, tag: tag || (tags[0]?.tag ?? '') } : { kind };
  const draft: NewsletterInput = { subject, markdown, segment };

  // Load the newsletter (one opened from the list, or one just sent from here), and while it
  // waits or goes, its figures again and again.
  useEffect(() => {
    if (!id || (!initialId && !loaded)) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const stats = await call(api.admin.newsletters[':id'].$get({ param: { id } }));
        const { newsletter } = stats;
        if (!alive) return;
        setLinks(stats.links);
        setLoaded((before) => {
          if (!before) {
            setSubject(newsletter.subject);
            setMarkdown(newsletter.markdown);
            setKind(newsletter.segment.kind);
            if (newsletter.segment.kind === 'inactive') setDays(String(newsletter.segment.days));
            if (newsletter.segment.kind === 'tag') setTag(newsletter.segment.tag);
            if (newsletter.scheduledAt) setAt(isoToOsloLocal(newsletter.scheduledAt));
          }
          return newsletter;
        });
        if (newsletter.status === 'scheduled' || newsletter.status === 'sending') timer = setTimeout(load, REFRESH_MS);
      } catch (err) {
        if (alive) setError(errorMessage(err, t.loadFailed));
      }
    };
    void load();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
    // Reloads when the status changes (a send started here starts the polling); `loaded` itself changes with every read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, initialId, loaded?.status]);

  useDebounced({ subject, markdown }, `${subject}\u0000${markdown}`, (content, live) => {
    if (!content.subject.trim() || !content.markdown.trim()) return setPreview(null);
    call(api.admin.newsletters.preview.$post({ json: content })).then(
      (r) => live() && setPreview(r.html),
      () => live() && setPreview(null),
    );
  });
  useDebounced(segment, JSON.stringify(segment), (s, live) => {
    if (s.kind === 'tag' && !s.tag) return setCount(null);
    const query =
      s.kind === 'inactive'
        ? { kind: s.kind, days: String(s.days) }
        : s.kind === 'tag'
          ? { kind: s.kind, tag: s.tag }
          : { kind: s.kind };
    call(api.admin.newsletters['segment-count'].$get({ query })).then(
      (r) => live() && setCount(r.count),
      () => live() && setCount(null),
    );
  });

  /** The draft as stored: created the first time, replaced after. */
  async function save(): Promise<string> {
    setError(null);
    if (!id) {
      const { newsletter } = await call(api.admin.newsletters.$post({ json: draft }));
      setId(newsletter.id);
      return newsletter.id;
    }
    await call(api.admin.newsletters[':id'].$put({ param: { id }, json: draft }));
    return id;
  }

  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const attempt = (name: 'save' | 'test', action: () => Promise<void>) => async () => {
    setBusy(name);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err, t.loadFailed));
    } finally {
      setBusy(null);
    }
  };

  const onSave = attempt('save', async () => {
    const created = !id;
    await save();
    toast({ title: created ? t.created : t.saved });
  });
  const onTest = attempt('test', async () => {
    const saved = await save();
    const { email } = await call(api.admin.newsletters[':id'].test.$post({ param: { id: saved } }));
    toast({ title: t.testSent(email) });
  });

  async function send(when: 'now' | 'later') {
    const saved = await save();
    const iso = when === 'later' ? osloLocalToIso(at) : null;
    const { newsletter } = await call(
      api.admin.newsletters[':id'].send.$post({ param: { id: saved }, json: iso ? { at: iso } : {} }),
    );
    setLoaded(newsletter);
    toTop();
    toast({ title: when === 'now' ? t.sendStarted : t.scheduled(formatDateTime(newsletter.scheduledAt!)) });
  }

  async function cancel() {
    const { newsletter } = await call(api.admin.newsletters[':id'].cancel.$post({ param: { id: id! } }));
    setLoaded(newsletter);
    toTop();
    toast({ title: t.canceled });
  }

  const when = loaded ? whenLine(loaded) : null;
  return (
    <>
      <BackLink onClick={onClose} label={t.close} />
      <SectionHeader
        title={!id ? t.composeTitle : editable ? t.editTitle : t.viewTitle}
        intro={loaded && !editable ? statusLine(loaded.status, when) : undefined}
      />
      {loaded && !editable && (
        <div className="mb-6 flex flex-col gap-4">
          <Figures figures={loaded} />
          <LinkFigures links={links} />
          {(loaded.status === 'scheduled' || loaded.status === 'sending') && (
            <div>
              <button type="button" className="btn-secondary" onClick={() => setConfirming('cancel')}>
                {t.cancel}
              </button>
            </div>
          )}
        </div>
      )}
      <div className="grid gap-8 xl:grid-cols-2">
        <form className="card flex min-w-0 flex-col gap-5" onSubmit={(e) => e.preventDefault()} noValidate>
          <fieldset disabled={!editable} className="flex flex-col gap-5">
            <TextField label={t.subject} value={subject} onChange={setSubject} hint={t.subjectHint} maxLength={150} />
            <TextField label={t.markdown} value={markdown} onChange={setMarkdown} hint={t.markdownHint} multiline rows={12} />
            <SelectField
              label={t.segment}
              value={kind}
              onChange={setKind}
              options={SEGMENT_KINDS}
              optionLabel={(k) => t.segments[k]}
            />
            {kind === 'inactive' && (
              <TextField label={t.days} type="number" inputMode="numeric" min={1} max={3650} value={days} onChange={setDays} />
            )}
            {kind === 'tag' && (
              <SelectField
                label={t.tag}
                value={segment.kind === 'tag' ? segment.tag : ''}
                onChange={setTag}
                options={tags.map((x) => x.tag)}
                optionLabel={(x) => tags.find((y) => y.tag === x)?.label ?? x}
              />
            )}
            <p role="status" className="font-semibold" data-testid="recipient-count">
              {count === null ? t.countingRecipients : t.recipientCount(count)}
            </p>
          </fieldset>
          {error && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
              {error}
            </p>
          )}
          {editable && (
            <>
              <div className="flex flex-wrap gap-3">
                <BusyButton busy={busy === 'save'} className="btn-secondary" onClick={onSave}>
                  {t.save}
                </BusyButton>
                <BusyButton busy={busy === 'test'} className="btn-secondary" onClick={onTest}>
                  {t.testSend}
                </BusyButton>
                <button type="button" className="btn-primary" onClick={() => setConfirming('send')}>
                  {t.sendNow}
                </button>
              </div>
              <div className="flex flex-wrap items-end gap-3 border-t border-stone-200 pt-5">
                <TextField
                  label={t.scheduleAt}
                  type="datetime-local"
                  value={at}
                  onChange={setAt}
                  hint={t.scheduleHint}
                  className="min-w-0 grow"
                />
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={!osloLocalToIso(at)}
                  onClick={() => setConfirming('schedule')}
                >
                  {t.schedule}
                </button>
              </div>
            </>
          )}
        </form>
        <MailPreview html={preview} />
      </div>
      <ConfirmDialog
        subject={confirming}
        title={
          confirming === 'cancel' ? t.confirmCancelTitle : confirming === 'schedule' ? t.confirmScheduleTitle : t.confirmSendTitle
        }
        message={(which) =>
          which === 'cancel'
            ? t.confirmCancelText
            : which === 'schedule'
              ? t.confirmScheduleText(count ?? 0, formatDateTime(osloLocalToIso(at) ?? new Date().toISOString()))
              : t.confirmSendText(count ?? 0)
        }
        confirmLabel={confirming === 'cancel' ? t.cancel : confirming === 'schedule' ? t.schedule : t.sendNow}
        destructive={confirming === 'cancel'}
        failed={failed}
        onConfirm={(which) => (which === 'cancel' ? cancel() : send(which === 'schedule' ? 'later' : 'now'))}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
