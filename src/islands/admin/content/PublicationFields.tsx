import { useState } from 'react';
import { CONTENT_STATUSES } from '#db/schema/enums';
import { adminContent } from '#shared/copy/admin/content';
import type { Publication } from '#shared/schemas/admin/content';
import { isoToOsloLocal, osloLocalToIso } from '#shared/time';
import type { FieldErrors } from '#browser/forms';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';

const t = adminContent;

/**
 * A module's or lesson's status and publishing time, entered in Oslo time and sent as UTC. A new row
 * starts as a draft (docs/decisions/0023-lessons-video-files-drafts.md). `values` is what the form
 * sends; an unreadable time is sent as it is, so the contract's own message names the problem.
 */
export function usePublication(row: Publication | null) {
  const [status, setStatus] = useState<Publication['status']>(row?.status ?? 'draft');
  const [local, setLocal] = useState(row?.publishAt ? isoToOsloLocal(row.publishAt) : '');
  const values = { status, publishAt: local ? (osloLocalToIso(local) ?? local) : null };
  const fields = (errors: FieldErrors | null) => (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        label={t.publication.status}
        value={status}
        onChange={setStatus}
        options={CONTENT_STATUSES}
        optionLabel={(value) => t.status[value]}
        hint={t.publication.statusHint}
        error={errors?.status}
      />
      <TextField
        label={t.publication.publishAt}
        type="datetime-local"
        value={local}
        onChange={setLocal}
        hint={t.publication.publishAtHint}
        error={errors?.publishAt}
      />
    </div>
  );
  return { values, fields };
}
