import { useEffect, useRef, useState } from 'react';
import {
  MODERATION_TEXTS,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_SUBJECT_LABELS,
  REPORTS_TO_HIDE,
  ReportInput,
  type ReportSubject,
} from '@sokoni/contracts/moderation';
import { errorMessage, hasCode } from '@/lib/api-client';
import { apiFieldErrors } from '@/lib/field-errors';
import { useReportItem } from '@/lib/report-item';
import { Button, buttonClasses } from './button';
import { fieldErrorId } from './field-frame';
import { Form } from './form';
import type { SubmitOf } from './form';
import { FormAlert } from './form-alert';
import { Modal } from './modal';
import { Spinner } from './spinner';
import { TextAreaField } from './text-area-field';
import { runMutation } from '@/lib/run-mutation';

const REPORT_FAILED = 'Your report could not be sent. Please try again.';

type ReportDialogProps = {
  subject: ReportSubject;
  subjectId: string;
  /** The report is in (or was already): the button behind says 'Reported'. */
  onReported: () => void;
  onClose: () => void;
};

/** What the server said once the report is in, and the way out (focused, as the form is gone). */
function Answer({ message, onClose }: { message: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div className="space-y-4">
      <p
        role="status"
        className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900"
      >
        {message}
      </p>
      <div className="flex justify-end">
        <button ref={closeRef} type="button" className={buttonClasses('primary')} onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

/** The Report button's dialog: a reason from the short list, an optional note, Submit. */
export function ReportDialog({ subject, subjectId, onReported, onClose }: ReportDialogProps) {
  const report = useReportItem();
  const [answer, setAnswer] = useState<string | null>(null);
  const close = () => {
    if (!report.isPending) onClose();
  };

  const send: SubmitOf<typeof ReportInput> = (body, form) => {
    runMutation(report, body, {
      onSuccess: () => {
        setAnswer(MODERATION_TEXTS.reported);
        onReported();
      },
      onError: (error) => {
        if (hasCode(error, 'ALREADY_REPORTED')) {
          setAnswer(errorMessage(error, MODERATION_TEXTS.alreadyReported));
          onReported();
          return;
        }
        form.showServerErrors(
          apiFieldErrors(error, ['reason', 'note'] as const),
          errorMessage(error, REPORT_FAILED),
        );
      },
    });
  };

  return (
    <Modal
      title={`Report this ${REPORT_SUBJECT_LABELS[subject].toLowerCase()}`}
      size="sm"
      onClose={close}
      description={
        <p>
          Our team reads every report. What {REPORTS_TO_HIDE} people report is hidden until we have looked at
          it.
        </p>
      }
    >
      {answer ? (
        <Answer message={answer} onClose={onClose} />
      ) : (
        <Form
          schema={ReportInput}
          defaultValues={{ subject, subjectId, note: '' }}
          onSubmit={send}
          disabled={report.isPending}
          focusInvalid
          className="space-y-4"
        >
          {({ field, formState: { errors } }) => {
            const { error: reasonError, ...reason } = field('reason');
            const reasonErrorId = fieldErrorId(`report-reason-${subjectId}`);
            return (
              <>
                <fieldset aria-describedby={reasonError ? reasonErrorId : undefined}>
                  <legend className="text-sm font-medium text-slate-800">Why are you reporting it?</legend>
                  <div className="mt-2 space-y-1">
                    {REPORT_REASONS.map((value) => (
                      <label
                        key={value}
                        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-slate-900 hover:bg-slate-50"
                      >
                        <input
                          type="radio"
                          value={value}
                          aria-invalid={reasonError ? true : undefined}
                          className="size-4 accent-emerald-700"
                          {...reason}
                        />
                        {REPORT_REASON_LABELS[value]}
                      </label>
                    ))}
                  </div>
                  {reasonError ? (
                    <p id={reasonErrorId} className="mt-1 text-sm text-red-700">
                      {reasonError}
                    </p>
                  ) : null}
                </fieldset>
                <TextAreaField
                  id={`report-note-${subjectId}`}
                  label="Anything our team should know (optional)"
                  rows={3}
                  maxLength={REPORT_NOTE_MAX}
                  {...field('note')}
                />
                <FormAlert message={errors.root?.message ?? null} />
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" onClick={close} disabled={report.isPending}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={report.isPending}>
                    {report.isPending ? <Spinner className="size-4" /> : null}
                    Submit
                  </Button>
                </div>
              </>
            );
          }}
        </Form>
      )}
    </Modal>
  );
}
