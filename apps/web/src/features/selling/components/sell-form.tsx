import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { toFieldErrors } from '@/lib/field-errors';
import { uploadImage } from '@/lib/upload-image';
import { useAuthStore } from '@/stores/auth';
import { useCreateProduct } from '../api/create-product';
import { useImageSelection } from '../hooks/use-image-selection';
import {
  creationFailedMessage,
  EMPTY_SELL_VALUES,
  SELL_FIELDS,
  SellFormSchema,
  uploadFailedMessage,
} from '../lib/sell-form';
import { ImagePicker } from './image-picker';
import { SellFormFields } from './sell-form-fields';
import { runMutation } from '@/lib/run-mutation';

type Phase = 'idle' | 'uploading' | 'listing';

const BUSY_LABELS: Record<Phase, string> = {
  idle: 'List Product',
  uploading: 'Uploading images...',
  listing: 'Listing...',
};

/**
 * Checked on submit with POST /products' own rules on the body it would send (SellFormSchema:
 * the strings as typed, converted, then the contracts' schema); the handler sends that body with
 * the uploaded image urls. A field's message clears when it is edited.
 */
export function SellForm() {
  const signedIn = useAuthStore((state) => state.user !== null);
  const [formError, setFormError] = useState<string | null>(null);
  const [listed, setListed] = useState<Product | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const imageSelection = useImageSelection();
  const createProduct = useCreateProduct();
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const busy = phase !== 'idle';

  const uploadImages = async (signal: AbortSignal): Promise<string[]> => {
    const urls: string[] = [];
    for (const image of imageSelection.images) {
      // The bar shows from the start of each upload, not from its first progress event.
      if (!image.uploadedUrl) imageSelection.setProgress(image.id, 0);
      const url =
        image.uploadedUrl ??
        (await uploadImage('product-image', image.file, {
          onProgress: (fraction) => imageSelection.setProgress(image.id, fraction),
          signal,
        }));
      imageSelection.markUploaded(image.id, url);
      urls.push(url);
    }
    return urls;
  };

  const list: SubmitOf<typeof SellFormSchema> = async (product, form) => {
    const controller = new AbortController();
    abortRef.current = controller;
    setPhase('uploading');
    let imageUrls: string[];
    try {
      imageUrls = await uploadImages(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      imageSelection.resetPendingProgress();
      setFormError(uploadFailedMessage(error));
      setPhase('idle');
      return;
    }

    setPhase('listing');
    runMutation(
      createProduct,
      { ...product, image: imageUrls },
      {
        onSuccess: (created) => {
          toast.success(SELL_MESSAGES.uploaded);
          form.reset(EMPTY_SELL_VALUES);
          imageSelection.clear();
          setListed(created);
        },
        onError: (error) => {
          setFormError(creationFailedMessage(error));
          if (!(error instanceof ApiError) || !error.issues.length) return;
          const { image, ...fields } = toFieldErrors(error.issues, SELL_FIELDS);
          form.clearErrors();
          // Images are no field of the form: the server's word on them shows in the picker.
          if (image) form.setError('root.image', { type: 'server', message: image });
          form.showServerErrors(fields, '');
        },
        onSettled: () => setPhase('idle'),
      },
    );
  };

  const attempt = () => {
    setFormError(null);
    setListed(null);
    if (useAuthStore.getState().user) return true;
    setFormError(SELL_MESSAGES.loginRequired);
    return false;
  };

  if (!signedIn) return <FormAlert message={SELL_MESSAGES.loginRequired} />;

  return (
    <Form
      schema={SellFormSchema}
      defaultValues={EMPTY_SELL_VALUES}
      onAttempt={attempt}
      onSubmit={list}
      disabled={busy}
      focusInvalid
      className="space-y-5"
      aria-busy={busy}
    >
      {({ clearErrors, formState: { errors } }) => (
        <>
          {listed ? (
            <p
              role="status"
              className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
            >
              Your product is live.{' '}
              <Link to={`/products/${listed.id}`} className="font-semibold underline">
                View your listing
              </Link>
            </p>
          ) : null}
          <FormAlert message={formError} />
          <SellFormFields />
          <ImagePicker
            id="sell-images"
            images={imageSelection.images}
            errors={
              errors.root?.image?.message
                ? [...imageSelection.errors, errors.root.image.message]
                : imageSelection.errors
            }
            disabled={busy}
            onPick={(files) => {
              imageSelection.pick(files);
              clearErrors('root.image');
            }}
            onRemove={imageSelection.remove}
          />
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? <Spinner className="size-4" /> : null}
            {BUSY_LABELS[phase]}
          </Button>
        </>
      )}
    </Form>
  );
}
