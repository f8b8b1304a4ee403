import toast from 'react-hot-toast';
import { CATEGORIES, CONDITIONS, SELL_MESSAGES } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { Button } from '@/components/button';
import { FeeHint } from '@/components/fee-hint';
import { Form } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { Modal } from '@/components/modal';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toFieldErrors } from '@/lib/field-errors';
import { useUpdateProduct } from '../api/update-product';
import { EDIT_FIELDS, editValuesFrom, ProductEditSchema } from '../lib/product-edit';
import { runMutation } from '@/lib/run-mutation';

type EditProductDialogProps = { product: Product; onClose: () => void };

/**
 * Spec §4: edit in a modal, Save ('Saving...') or Cancel; 'Failed to update product.' on failure.
 * Checked on submit with PUT /products/{id}'s own rules on the body it would send
 * (ProductEditSchema); a field's message clears when it is edited.
 */
export function EditProductDialog({ product, onClose }: EditProductDialogProps) {
  const updateProduct = useUpdateProduct();
  const saving = updateProduct.isPending;

  const save: SubmitOf<typeof ProductEditSchema> = (changes, form) => {
    runMutation(
      updateProduct,
      { id: product.id, changes },
      {
        onSuccess: (updated) => {
          toast.success(`Saved changes to ${updated.title}.`);
          onClose();
        },
        onError: (error) => {
          const detail = errorMessage(error, '');
          form.showServerErrors(
            toFieldErrors(error instanceof ApiError ? error.issues : [], EDIT_FIELDS),
            detail ? `${SELL_MESSAGES.updateFailed} ${detail}` : SELL_MESSAGES.updateFailed,
            'always',
          );
        },
      },
    );
  };

  const close = () => {
    if (!saving) onClose();
  };

  return (
    <Modal title="Edit product" onClose={close}>
      <Form
        schema={ProductEditSchema}
        defaultValues={editValuesFrom(product)}
        onSubmit={save}
        disabled={saving}
        className="space-y-4"
      >
        {({ field, formState: { errors } }) => (
          <>
            <FormAlert message={errors.root?.message ?? null} />
            <TextField id="edit-title" label="Title" required {...field('title')} />
            <TextAreaField
              id="edit-description"
              label="Description"
              required
              rows={4}
              {...field('description')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="edit-price"
                label="Price (Ksh)"
                required
                inputMode="decimal"
                hint={<FeeHint vertical="shop" name="price" />}
                {...field('price')}
              />
              <TextField
                id="edit-original-price"
                label="Original price (Ksh, optional)"
                inputMode="decimal"
                {...field('originalPrice')}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField id="edit-condition" label="Condition" {...field('condition')}>
                {CONDITIONS.map((condition) => (
                  <option key={condition} value={condition}>
                    {condition}
                  </option>
                ))}
              </SelectField>
              <SelectField id="edit-category" label="Category" {...field('category')}>
                {CATEGORIES.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextField
              id="edit-stock"
              label="Quantity available"
              required
              inputMode="numeric"
              autoComplete="off"
              {...field('stock')}
            />
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? <Spinner className="size-4" /> : null}
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </>
        )}
      </Form>
    </Modal>
  );
}
