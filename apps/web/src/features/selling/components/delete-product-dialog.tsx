import { useState } from 'react';
import toast from 'react-hot-toast';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { useDeleteProduct } from '../api/delete-product';
import { runMutation } from '@/lib/run-mutation';

type DeleteProductDialogProps = {
  product: Product;
  onClose: () => void;
  onDeleted: () => void;
};

/** Spec §4/§8: delete only after confirmation; 'Deleting...' while busy, the spec's text on failure. */
export function DeleteProductDialog({ product, onClose, onDeleted }: DeleteProductDialogProps) {
  const [failed, setFailed] = useState(false);
  const deleteProduct = useDeleteProduct();
  const deleting = deleteProduct.isPending;

  const close = () => {
    if (!deleting) onClose();
  };

  const confirm = () => {
    setFailed(false);
    runMutation(deleteProduct, product.id, {
      onSuccess: () => {
        toast.success(`Deleted ${product.title}.`);
        onDeleted();
      },
      onError: () => setFailed(true),
    });
  };

  return (
    <Modal
      title="Delete product"
      size="sm"
      onClose={close}
      description={
        <>
          <p>{SELL_MESSAGES.deleteConfirm}</p>
          <p className="mt-1 font-semibold text-slate-900">{product.title}</p>
        </>
      }
    >
      <div className="space-y-4">
        <FormAlert message={failed ? SELL_MESSAGES.deleteFailed : null} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={deleting}>
            {deleting ? <Spinner className="size-4" /> : null}
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
