import toast from 'react-hot-toast';
import { ORDER_MESSAGES, formatOrderNumber } from '@sokoni/contracts/checkout';
import { SHIPMENT_NOTE_MAX_LENGTH, ShipSaleInput, type Sale } from '@sokoni/contracts/orders';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { apiFieldErrors } from '@/lib/field-errors';
import { useShipSale } from '../api/ship-sale';
import { runMutation } from '@/lib/run-mutation';

type ShipSaleDialogProps = { sale: Sale; onClose: () => void };

/**
 * 'Mark shipped' with an optional note for the buyer (a courier, a tracking number), checked with
 * the contract's own rules; the server's refusal (shipped meanwhile) shows inside.
 */
export function ShipSaleDialog({ sale, onClose }: ShipSaleDialogProps) {
  const ship = useShipSale();
  const close = () => {
    if (!ship.isPending) onClose();
  };

  const markShipped: SubmitOf<typeof ShipSaleInput> = ({ note }, form) => {
    runMutation(
      ship,
      { orderId: sale.orderId, note },
      {
        onSuccess: () => {
          toast.success(ORDER_MESSAGES.markedShipped);
          onClose();
        },
        onError: (error) =>
          form.showServerErrors(
            apiFieldErrors(error, ['note'] as const),
            errorMessage(error, ORDER_MESSAGES.saleUpdateFailed),
          ),
      },
    );
  };

  return (
    <Modal
      title={`Mark ${formatOrderNumber(sale.orderId)} shipped`}
      size="sm"
      onClose={close}
      description={<p>{sale.buyer.name} is told by e-mail that it is on its way, with your note.</p>}
    >
      <Form
        schema={ShipSaleInput}
        defaultValues={{ note: '' }}
        onSubmit={markShipped}
        disabled={ship.isPending}
        className="space-y-4"
      >
        {({ field, formState: { errors } }) => (
          <>
            <FormAlert message={errors.root?.message ?? null} />
            <TextField
              id={`ship-note-${sale.orderId}`}
              label="Note for the buyer (optional)"
              placeholder="e.g. Sent with G4S, tracking number 123456"
              maxLength={SHIPMENT_NOTE_MAX_LENGTH}
              {...field('note')}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={ship.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={ship.isPending}>
                {ship.isPending ? <Spinner className="size-4" /> : null}
                Mark shipped
              </Button>
            </div>
          </>
        )}
      </Form>
    </Modal>
  );
}
