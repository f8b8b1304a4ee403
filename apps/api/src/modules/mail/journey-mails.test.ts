import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@sokoni/contracts/checkout';
import { CERTIFICATE_TEXT } from '@sokoni/contracts/courses-rules';
import {
  BOOKING_MAIL,
  CERTIFICATE_MAIL,
  COURSE_ENROLMENT_MAIL,
  SALE_DELIVERED_MAIL,
} from '@sokoni/contracts/mail';
import { SITE as SOKONI } from '@sokoni/contracts/site';
import { completeLesson, createCourseWithLessons, enrol } from '../../../test/course-factories.js';
import {
  bearer,
  bookStay,
  createProduct,
  startBookingPayment,
  payOrder,
  placeOrder,
  registerUser,
} from '../../../test/factories.js';
import { headerParameter, parseMime, partOfType, readMail, textOf } from '../../../test/mime.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { createStay } from '../../../test/stay-factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

const SITE = 'https://sokoni.example';

const FAST = {
  now: () => Date.parse('2026-12-01T06:00:00Z'),
  jobs: { pollingIntervalSeconds: 0.5 },
  mail: { retryDelaySeconds: 1 },
};

let t: TestApp;
let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp({ smtpUrl: catcher.url, publicUrl: SITE }, FAST);
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

/** The message with this subject that reached the SMTP server, once it has. */
async function caught(recipient: string, subject: string) {
  const find = () =>
    catcher.caught.find((mail) => mail.to.includes(recipient) && readMail(mail.raw).subject === subject);
  await catcher.until(() => find() !== undefined);
  return find()!;
}

/** An iCalendar file's entries, each with its folded lines (75 octets at most) joined again. */
const calendarEntries = (ics: string) =>
  ics
    .replace(/\r?\n[ \t]/g, '')
    .split('BEGIN:VEVENT')
    .slice(1);

describe('the e-mails that finish a journey, over SMTP', () => {
  it("tells the buyer when a seller marks their part delivered, with the order's page to confirm receipt", async () => {
    const seller = await registerUser(t.app, { name: 'Amina Njeri' });
    const buyer = await registerUser(t.app, { name: 'Brian Otieno' });
    const basket = await createProduct(t.database.db, seller.id, { title: 'Kiondo basket' });
    const order = await placeOrder(t.app, buyer.token, [{ productId: basket, quantity: 2 }]);
    await payOrder(t.app, buyer, order, SITE);
    for (const action of ['ship', 'deliver'])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/sales/${order.id}/${action}`,
            headers: bearer(seller.token),
            ...(action === 'ship' ? { payload: {} } : {}),
          })
        ).statusCode,
      ).toBe(200);

    const orderNumber = formatOrderNumber(order.id);
    const { body } = readMail((await caught(buyer.email, SALE_DELIVERED_MAIL.subject(orderNumber))).raw);
    expect(body).toBe(
      [
        'Hello Brian Otieno,',
        '',
        `Amina Njeri says your goods from ${orderNumber} have been delivered:`,
        '2 × Kiondo basket',
        '',
        `Got them? Confirm receipt on your order's page: ${SITE}/orders/${order.id}`,
        `Nothing arrived? Write to us at ${SOKONI.contactEmail} and we will help.`,
        '',
        'Asante,',
        'Sokoni',
        '',
      ].join('\n'),
    );
  });

  it('welcomes a learner to a free course, and sends their certificate with its public verification link when they finish it', async () => {
    const instructor = await registerUser(t.app);
    const learner = await registerUser(t.app, { name: 'Achieng Odhiambo' });
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['The hive'], {
      title: 'Beekeeping basics',
    });
    await enrol(t.app, learner, course.id);

    const welcome = readMail(
      (await caught(learner.email, COURSE_ENROLMENT_MAIL.subject('Beekeeping basics'))).raw,
    );
    expect(welcome.body).toContain(
      'You are enrolled in Beekeeping basics, free of charge. Karibu!\n\nYour instructor: Grace Wanjiru\n\n' +
        `Start learning in the classroom: ${SITE}/courses/${course.id}/classroom`,
    );
    expect(welcome.body).not.toContain('Amount paid');
    expect(welcome.html).toContain('free of charge');

    expect((await completeLesson(t.app, learner, course.id, lessons[0]!.id)).statusCode).toBe(200);
    const [certificateRow] = await queryRows<{ code: string }>(
      t.database.db,
      sql`select verification_code as code from course_certificates where course_id = ${course.id}`,
    );
    const code = certificateRow!.code;
    const certificate = readMail(
      (await caught(learner.email, CERTIFICATE_MAIL.subject('Beekeeping basics'))).raw,
    );
    expect(certificate.body).toContain(
      'Congratulations! You have completed Beekeeping basics and earned its certificate.\n\n' +
        `${CERTIFICATE_TEXT.code(code)}\n` +
        `Anyone can check it, on a CV or LinkedIn, at this address: ${SITE}/certificates/${code}\n` +
        `See and download it as a PDF: ${SITE}/courses/${course.id}/certificate`,
    );
    expect(certificate.html).toContain(`${SITE}/certificates/${code}`);
  });

  it("confirms a paid stay with its times, its host's contact and an .ics of check-in (14:00 EAT) and check-out (10:00 EAT) in UTC", async () => {
    const host = await registerUser(t.app, { name: 'Wanjiru Kamau' });
    const guest = await registerUser(t.app, { name: 'Amina Wanjiku' });
    const stay = await createStay(t.app, host, {
      title: 'Lakeside Cottage',
      location: 'Lake Road, Naivasha',
      pricePerNight: 6500,
    });
    const booking = await bookStay(t.app, guest, stay.id, { startDate: '2027-01-05', endDate: '2027-01-08' });
    const reference = await startBookingPayment(t.app, guest, booking, SITE);
    await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay` });

    const message = parseMime((await caught(guest.email, BOOKING_MAIL.subject('Lakeside Cottage'))).raw);
    expect(textOf(partOfType(message, 'text/plain'))).toContain(
      'Check-in: Tue, 5 Jan 2027, from 14:00\nCheck-out: Fri, 8 Jan 2027, by 10:00\n' +
        'Length of stay: 3 nights\nAmount paid: KES 19,500\nAddress: Lake Road, Naivasha\n\n' +
        `Your host: Wanjiru Kamau (${host.email})\nWrite to your host to arrange your arrival.\n\n` +
        BOOKING_MAIL.calendar,
    );

    const calendarPart = partOfType(message, 'text/calendar');
    expect(headerParameter(calendarPart?.headers['content-disposition'], 'filename')).toBe(
      'lakeside-cottage.ics',
    );
    const [checkIn, checkOut] = calendarEntries(textOf(calendarPart));
    expect(checkIn).toContain('SUMMARY:Check-in: Lakeside Cottage\n');
    expect(checkIn).toContain('DTSTART:20270105T110000Z\n');
    expect(checkIn).toContain('LOCATION:Lake Road\\, Naivasha\n');
    expect(checkIn).toContain(`DESCRIPTION:Your host: Wanjiru Kamau (${host.email})\\n`);
    expect(checkOut).toContain('SUMMARY:Check-out: Lakeside Cottage\n');
    expect(checkOut).toContain('DTEND:20270108T070000Z\n');
  });
});
