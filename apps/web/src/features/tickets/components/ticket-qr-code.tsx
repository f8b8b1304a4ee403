import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** Black on white with the standard 4-module quiet zone, whatever colours the page has around it. */
const QR_OPTIONS = {
  type: 'svg',
  margin: 4,
  color: { dark: '#000000ff', light: '#ffffffff' },
} as const;

/**
 * A ticket's QR code, holding its ID: 256 CSS px square, large enough for the organizer's camera
 * to read off a phone screen at the door.
 */
export function TicketQrCode({ ticketId }: { ticketId: string }) {
  const [qr, setQr] = useState<{ ticketId: string; svg: string } | null>(null);

  useEffect(() => {
    let current = true;
    void QRCode.toString(ticketId, QR_OPTIONS).then((svg) => {
      if (current) setQr({ ticketId, svg });
    });
    return () => {
      current = false;
    };
  }, [ticketId]);

  return (
    <div
      role="img"
      aria-label={`QR code of ticket ${ticketId}`}
      data-testid="ticket-qr"
      className="size-64 shrink-0 bg-white [&>svg]:block [&>svg]:size-full"
      // The markup is qrcode's own SVG of the ticket ID, not text from anyone.
      dangerouslySetInnerHTML={qr?.ticketId === ticketId ? { __html: qr.svg } : undefined}
    />
  );
}
