import type { IScannerError, ScannerErrorKind } from '@yudiel/react-qr-scanner';

/** What My Tickets says; the server's own messages are EVENT_MESSAGES in contracts. */
export const MY_TICKETS_MESSAGES = {
  loadFailed: 'Failed to load your tickets. Please try again.',
  empty: "You don't have any tickets yet.",
  calendarFailed: 'Could not download the calendar file. Please try again.',
  refunded: 'The organizer cancelled this event and your ticket was refunded. It can no longer be used.',
} as const;

/** Under the verification page's typed field: what can be typed there. */
export const TICKET_CODE_HINT =
  'The 8-character code on the ticket, like K7QM\u00a04XPT (any case, spaces optional), or the whole ticket ID.';

const denied =
  'Camera access was denied. Allow the camera for this site in your browser settings, or type the ticket code below.';

/** Why the camera cannot scan, in plain words, by the scanner's kind of failure. */
const CAMERA_MESSAGES: Partial<Record<ScannerErrorKind, string>> = {
  'insecure-context': 'The camera only works on a secure (https) connection. Type the ticket code below.',
  unsupported: 'This browser cannot use a camera. Type the ticket code below.',
  'no-camera': 'No camera was found on this device. Type the ticket code below.',
  'permission-denied': denied,
  security: denied,
  'in-use': 'The camera is in use by another app. Close it and try again, or type the ticket code below.',
  overconstrained: 'This camera cannot film a clear enough picture to scan. Type the ticket code below.',
};

/** A camera start that times out (3 s), a QR engine that fails to load, anything unforeseen. */
export const SCANNER_DID_NOT_START = 'The scanner could not start. Try again, or type the ticket code below.';

export function cameraErrorMessage(error: IScannerError): string {
  return CAMERA_MESSAGES[error.kind] ?? SCANNER_DID_NOT_START;
}
