import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { Button } from '@/components/button';
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
  toCreateProductBody,
  uploadFailedMessage,
} from '../lib/sell-form';
import type { SellValues } from '../lib/sell-form';
import { ImagePicker } from './image-picker';
import { SellFormFields } from './sell-form-fields';

type Phase = 'idle' | 'uploading' | 'listing';

const BUSY_LABELS: Record<Phase, string> = {
  idle: 'List Product',
  uploading: 'Uploading images...',
  listing: 'Listing...',
};

/**
 * Checked on submit with POST /products' own rules on the body it would send (SellFormSchema:
 * the strings as typed, converted, then the contracts' schema); the handler gets the strings and
 * converts them with the uploaded image urls. A field's message clears when it is edited.
 */
export function SellForm() {
  const signedIn = useAuthStore((state) => state.user !== null);
  const form = useForm({
    resolver: zodResolver(SellFormSchema, undefined, { raw: true }),
    defaultValues: EMPTY_SELL_VALUES,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const {
    handleSubmit,
    reset,
    clearErrors,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [listed, setListed] = useState<Product | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const imageSelection = useImageSelection();
  const createProduct = useCreateProduct();
  const formRef = useRef<HTMLFormElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);
  // After a refused submit, take keyboard and screen-reader users to the first field to fix.
  useEffect(() => {
    if (invalidAttempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAttempt]);

  const busy = phase !== 'idle';
  const refused = () => setInvalidAttempt((count) => count + 1);

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

  const list = async (values: SellValues) => {
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
    createProduct.mutate(toCreateProductBody(values, imageUrls), {
      onSuccess: (product) => {
        toast.success(SELL_MESSAGES.uploaded);
        reset(EMPTY_SELL_VALUES);
        imageSelection.clear();
        setListed(product);
      },
      onError: (error) => {
        setFormError(creationFailedMessage(error));
        if (!(error instanceof ApiError) || !error.issues.length) return;
        const { image, ...fields } = toFieldErrors(error.issues, SELL_FIELDS);
        clearErrors();
        for (const [name, message] of Object.entries(fields) as [keyof typeof fields, string][])
          setError(name, { type: 'server', message });
        // Images are no field of the form: the server's word on them shows in the picker.
        if (image) setError('root.image', { type: 'server', message: image });
        refused();
      },
      onSettled: () => setPhase('idle'),
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || isSubmitting) return;
    setFormError(null);
    setListed(null);
    if (!useAuthStore.getState().user) {
      setFormError(SELL_MESSAGES.loginRequired);
      return;
    }
    // react-hook-form shows the resolver's messages only once onInvalid has returned: the focus
    // moves after that, when the fields it looks for are marked invalid.
    let invalid = false;
    void handleSubmit(list, () => {
      invalid = true;
    })(event).then(() => {
      if (invalid) refused();
    });
  };

  if (!signedIn) return <FormAlert message={SELL_MESSAGES.loginRequired} />;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
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
      <SellFormFields form={form} errors={errors} disabled={busy} />
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
    </form>
  );
}
