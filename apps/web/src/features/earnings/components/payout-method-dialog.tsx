import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { EARNINGS_MESSAGES, type PayoutMethod } from '@sokoni/contracts/earnings';
import { Button } from '@/components/button';
import { FieldHint } from '@/components/field-frame';
import { Form, useFormTools } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useSavePayoutMethod } from '../api/save-payout-method';
import { EARNINGS_PAGE_MESSAGES } from '../lib/earnings-messages';
import {
  PayoutMethodFormSchema,
  payoutMethodFormValues,
  serverFieldErrors,
  type PayoutMethodFormValues,
} from '../lib/payout-method-form';
import { runMutation } from '@/lib/run-mutation';

const KIND_LABELS = { mpesa: 'M-Pesa', bank: 'Bank account' } as const;

/** M-Pesa or a bank, and what each asks for; both kept mounted so a change of mind keeps what was typed. */
function MethodFields({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const {
    control,
    register,
    field,
    formState: { errors },
  } = useFormTools<PayoutMethodFormValues>();
  const kind = useWatch({ control, name: 'kind' });
  return (
    <>
      <FormAlert message={errors.root?.message ?? null} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Paid to</legend>
        <div className="flex flex-col gap-2 sm:flex-row">
          {(['mpesa', 'bank'] as const).map((option) => (
            <label
              key={option}
              className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-slate-800 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50 has-[:checked]:font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600"
            >
              <input
                type="radio"
                value={option}
                disabled={saving}
                className="size-4 accent-emerald-700"
                {...register('kind')}
              />
              {KIND_LABELS[option]}
            </label>
          ))}
        </div>
      </fieldset>
      <div hidden={kind !== 'mpesa'}>
        <TextField
          id="payout-phone"
          label="M-Pesa number"
          type="tel"
          autoComplete="tel"
          placeholder="e.g. 0712 345 678"
          {...field('phone')}
        />
      </div>
      <div hidden={kind !== 'bank'} className="space-y-4">
        <TextField
          id="payout-bank"
          label="Bank code"
          autoComplete="off"
          hint={<FieldHint>Your bank&apos;s code, e.g. 68 for Equity Bank or 01 for KCB.</FieldHint>}
          {...field('bankCode')}
        />
        <TextField
          id="payout-account"
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          {...field('accountNumber')}
        />
      </div>
      <TextField
        id="payout-name"
        label={kind === 'mpesa' ? 'Name registered with M-Pesa' : 'Name on the account'}
        autoComplete="name"
        {...field('name')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner className="size-4" /> : null}
          Save payout method
        </Button>
      </div>
    </>
  );
}

type PayoutMethodDialogProps = { saved: PayoutMethod | null; onClose: () => void };

/**
 * Where the earner is paid: an M-Pesa number or a bank account, with the name on it, checked with the
 * server's own rules; the server's refusal shows beside its field (or above the buttons).
 */
export function PayoutMethodDialog({ saved, onClose }: PayoutMethodDialogProps) {
  const save = useSavePayoutMethod();
  const close = () => {
    if (!save.isPending) onClose();
  };
  const submit: SubmitOf<typeof PayoutMethodFormSchema> = (body, form) =>
    runMutation(save, body, {
      onSuccess: () => {
        toast.success(EARNINGS_MESSAGES.payoutMethodSaved);
        onClose();
      },
      onError: (error) =>
        form.showServerErrors(
          serverFieldErrors(error),
          errorMessage(error, EARNINGS_PAGE_MESSAGES.methodSaveFailed),
        ),
    });
  return (
    <Modal
      title={saved ? 'Change payout method' : 'Add payout method'}
      size="sm"
      onClose={close}
      description={<p>Your earnings are sent here: when you ask, and once a week.</p>}
    >
      <Form
        schema={PayoutMethodFormSchema}
        defaultValues={payoutMethodFormValues(saved)}
        onSubmit={submit}
        disabled={save.isPending}
        focusInvalid
        className="space-y-4"
      >
        <MethodFields saving={save.isPending} onCancel={close} />
      </Form>
    </Modal>
  );
}
