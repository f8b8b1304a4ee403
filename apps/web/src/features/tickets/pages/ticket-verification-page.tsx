import { useEffect, useRef, useState } from 'react';
import type { IScannerError } from '@yudiel/react-qr-scanner';
import { VerifyTicketInput } from '@sokoni/contracts/events';
import { DOOR_MESSAGES, EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { Button } from '@/components/button';
import { Form, useFormTools } from '@/components/form';
import { FieldHint } from '@/components/field-frame';
import { FormAlert } from '@/components/form-alert';
import { CameraIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';
import { DoorEvents } from '../components/door-events';
import { DoorStatus } from '../components/door-status';
import { NeedsAttention } from '../components/needs-attention';
import { TicketScanner } from '../components/ticket-scanner';
import { VerificationResult } from '../components/verification-result';
import { useDoorState, useDoorSync, useDoorVerify } from '../lib/use-door';
import { TICKET_CODE_HINT, cameraErrorMessage } from '../lib/ticket-messages';

/** Spec §9: the scanner toggle rests for a second after each press. */
export const SCANNER_TOGGLE_LOCK_MS = 1000;

/** A flag that is up for `ms` after each `raise()`. */
function useCooldown(ms: number) {
  const [active, setActive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const raise = () => {
    setActive(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setActive(false), ms);
  };
  return [active, raise] as const;
}

/**
 * The organizer checks tickets in at the door: scanned from the buyer's QR code, or typed (the
 * ticket's short code, or its whole ID). With an event's list saved on the device, also offline:
 * the check-ins made then are sent when the network returns (#29).
 */
export function TicketVerificationPage() {
  const verification = useDoorVerify();
  const online = useOnline();
  const door = useDoorState().data;
  const lists = door?.lists ?? [];
  const waiting = door?.pending.length ?? 0;
  const sync = useDoorSync(waiting);
  return (
    <section className="mx-auto w-full max-w-xl space-y-6 px-4 py-6 sm:py-10">
      <title>Ticket Verification — Sokoni</title>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Ticket Verification</h1>
        <p className="text-slate-600">Enter the ticket ID or use the camera to scan the QR code.</p>
      </div>
      <DoorStatus online={online} listSaved={lists.length > 0} waiting={waiting} sync={sync} />
      <NeedsAttention flags={door?.flags ?? []} />
      <Form
        schema={VerifyTicketInput}
        defaultValues={{ ticketId: '' }}
        onAttempt={() => {
          verification.reset();
          return true;
        }}
        onSubmit={(input) => verification.mutate(input)}
        className="space-y-6"
      >
        <TicketCheck verification={verification} />
      </Form>
      <DoorEvents lists={lists} online={online} />
    </section>
  );
}

/** The scanner, the typed ID and the answer about the ticket. */
function TicketCheck({ verification }: { verification: ReturnType<typeof useDoorVerify> }) {
  const {
    register,
    reset,
    setValue,
    submit,
    formState: { errors },
  } = useFormTools<VerifyTicketInput>();
  const [scannerOpen, setScannerOpen] = useState(false);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [toggleLocked, lockToggle] = useCooldown(SCANNER_TOGGLE_LOCK_MS);

  const toggleScanner = () => {
    lockToggle();
    setCameraError(null);
    setScannerOpen((open) => !open);
  };

  // Spec §4: a scanned code fills the input and is verified at once.
  const onScan = (text: string) => {
    setScannerOpen(false);
    setValue('ticketId', text);
    submit();
  };

  const onCameraError = (error: IScannerError) => {
    // Aborted: the scanner was closed while its camera was starting.
    if (error.kind === 'aborted') return;
    // Spec §8: the cause goes to the console, for whoever supports the organizer.
    console.error(`Scanner: ${error.kind}: ${error.message}`);
    setScannerOpen(false);
    setCameraError(cameraErrorMessage(error));
  };

  const verifyAnother = () => {
    verification.reset();
    reset();
    setCameraError(null);
    setScannerOpen(true);
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={toggleScanner}
        disabled={toggleLocked}
        aria-expanded={scannerOpen}
        className="w-full sm:w-auto"
      >
        <CameraIcon className="text-lg" />
        {scannerOpen ? 'Close Scanner' : 'Scan QR Code'}
      </Button>
      {scannerOpen ? <TicketScanner onScan={onScan} onError={onCameraError} /> : null}
      <FormAlert message={cameraError} />

      <div className="space-y-3">
        <TextField
          id="ticket-id"
          label="Ticket code"
          placeholder="Enter ticket ID"
          hint={<FieldHint>{TICKET_CODE_HINT}</FieldHint>}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          // Its message stays until the next check.
          {...register('ticketId')}
          error={errors.ticketId?.message}
          className="font-mono"
        />
        <Button type="submit" disabled={verification.isPending || scannerOpen} className="w-full sm:w-auto">
          {verification.isPending ? <Spinner className="size-4" /> : null}
          Verify Ticket
        </Button>
      </div>

      {verification.isSuccess || verification.isError ? (
        <VerificationResult {...verdictShown(verification)} onVerifyAnother={verifyAnother} />
      ) : null}
    </>
  );
}

/** The result panel's content: the server's answer, or the device's when offline. */
function verdictShown({ data, error }: ReturnType<typeof useDoorVerify>) {
  if (!data) return { verification: null, error: errorMessage(error, EVENT_MESSAGES.verifyFailed) };
  if (!data.verified) return { verification: null, error: data.message };
  return {
    verification: data.verification,
    error: null,
    note: data.savedOffline ? DOOR_MESSAGES.savedOffline : undefined,
  };
}
