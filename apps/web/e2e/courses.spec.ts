import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { addLessons, createCourse, createPublishedCourse } from './courses-support';
import { pngFile } from './selling-support';
import {
  checkPage,
  DESKTOP,
  gate,
  kes,
  nairobiDay,
  registerUser,
  signIn,
  submitLogin,
  unique,
} from './support';

/** A paid course with a long title and three lessons (the last released in two weeks). */
async function courseWithLessons(request: APIRequestContext) {
  const instructor = await registerUser(request, 'Peter Kamau');
  const course = await createCourse(request, instructor, {
    title: unique('Dairy Goat Keeping on a Quarter Acre, from Housing to Milk Records'),
    price: 1200,
    level: 'Intermediate',
    objectives: ['Build a raised goat house', 'Feed for milk in the dry season', 'Keep breeding records'],
  });
  const lessons = await addLessons(request, instructor, course, [
    { title: 'Meet the herd', contentType: 'video', duration: 7, releaseDate: null },
    {
      title: 'Housing that keeps goats healthy',
      contentType: 'text',
      contentUrl: 'Raise the floor.',
      duration: 14,
      releaseDate: null,
    },
    { title: 'Feeding calendar', contentType: 'pdf', duration: 9, releaseDate: nairobiDay(14) },
  ]);
  return { instructor, course, lessons };
}

const courseCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
const lessonList = (page: Page) => page.getByRole('navigation', { name: 'Course content' });
const courseDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));

test.describe('courses: catalogue, enrol, learn, certificate, teach', () => {
  test('a learner enrols in a free course, completes every lesson, and a visitor verifies the certificate with their name', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const instructor = await registerUser(request, 'Grace Nyambura');
    const learner = await registerUser(request, 'Wanjirũ Mũthoni');
    const course = await createCourse(request, instructor, {
      title: unique('Kitchen Gardens for Town Homes'),
    });
    const lessons = await addLessons(request, instructor, course, [
      { title: 'Why a kitchen garden pays', contentType: 'video', duration: 4, releaseDate: null },
      { title: 'Planting calendar', contentType: 'pdf', duration: 8, releaseDate: null },
      {
        title: 'Compost from kitchen waste',
        contentType: 'text',
        contentUrl: 'Mix one part compost with two parts soil.\n\nWater at the roots, in the morning.',
        duration: 12,
        releaseDate: null,
      },
    ]);
    await page.setViewportSize(DESKTOP);
    await signIn(page, learner);

    // Found through the header and the search.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
    await expect(page).toHaveURL('/courses');
    await page.getByRole('searchbox', { name: 'Search courses' }).fill(course.title);
    await page.getByRole('searchbox', { name: 'Search courses' }).press('Enter');
    await expect(page).toHaveURL(/\/courses\?q=/);
    await courseCard(page, course.title).getByRole('link', { name: course.title }).click();
    await expect(page).toHaveURL(`/courses/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: "What You'll Master" })).toBeVisible();

    // Enroll Now → 'Enrolling...' (held until the test lets it through) → "You're In!".
    const enrolment = gate();
    await page.route(`**/api/courses/${course.id}/enroll`, async (route) => {
      await enrolment.opened;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await expect(page.getByRole('button', { name: 'Enrolling...' })).toBeDisabled();
    enrolment.open();
    await expect(page.getByText("You're In!")).toBeVisible();
    await page.getByRole('link', { name: 'Enter Classroom' }).click();

    // The first lesson is chosen: a video the browser can play, its file served by a signed link.
    await expect(page).toHaveURL(`/courses/${course.id}/classroom`);
    await expect(page.getByRole('heading', { level: 2, name: 'Why a kitchen garden pays' })).toBeVisible();
    const video = page.locator('video');
    await expect(video).toHaveAttribute(
      'src',
      /\/api\/course-media\/[a-f0-9]{32}\.mp4\?expires=\d+&signature=/,
    );
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThan(0);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration))
      .toBeGreaterThan(0.5);
    const progress = page.getByRole('progressbar', { name: 'Course progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '0');

    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(page.getByRole('button', { name: 'Completed' })).toBeDisabled();
    await expect(progress).toHaveAttribute('aria-valuenow', '33');
    await expect(lessonList(page).getByRole('button', { name: /Why a kitchen garden pays/ })).toContainText(
      'Done',
    );

    // The PDF, framed 500 px tall, opening our own file.
    await lessonList(page)
      .getByRole('button', { name: /Planting calendar/ })
      .click();
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('src', /\/api\/course-media\/[a-f0-9]{32}\.pdf\?expires=/);
    expect(await frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(500);
    const pdf = await request.get((await frame.getAttribute('src'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(progress).toHaveAttribute('aria-valuenow', '67');

    await lessonList(page)
      .getByRole('button', { name: /Compost from kitchen waste/ })
      .click();
    await expect(page.getByText('Water at the roots, in the morning.')).toBeVisible();
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    const congratulations = page.getByRole('region', {
      name: 'Congratulations! You have completed this course.',
    });
    await expect(congratulations).toBeVisible();

    // Progress kept for the tab under the spec's key, no lesson twice.
    const stored = await page.evaluate(() => sessionStorage.getItem('course-progress-storage'));
    expect(JSON.parse(stored ?? '{}').state.completed[course.id].sort()).toEqual(
      lessons.map((lesson) => lesson.id).sort(),
    );

    await congratulations.getByRole('link', { name: 'View Certificate' }).click();
    await expect(page).toHaveURL(`/courses/${course.id}/certificate`);
    await expect(page.getByRole('heading', { name: 'Certificate of Completion' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Wanjirũ Mũthoni', { exact: true })).toBeVisible();
    await expect(page.getByText(course.title, { exact: true })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sokoni-certificate-SKN(-[0-9A-Z]{4}){3}\.pdf$/);
    const file = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of file) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // An employer opens the public link, signed out.
    const verifyLink = page.getByRole('link', { name: /\/certificates\/SKN-/ });
    const href = (await verifyLink.getAttribute('href'))!;
    const code = href.split('/').pop()!;
    const visitor = await browser.newContext({ baseURL, viewport: DESKTOP });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/certificates/${code}`);
    await expect(visitorPage.getByRole('heading', { name: 'Certificate verified' })).toBeVisible();
    await expect(visitorPage.getByText('Wanjirũ Mũthoni', { exact: true })).toBeVisible();
    await expect(visitorPage.getByText(course.title, { exact: true })).toBeVisible();
    await visitorPage.goto('/certificates/SKN-0000-0000-0000');
    await expect(visitorPage.getByText('Certificate not found', { exact: true })).toBeVisible();
    await visitor.close();
  });

  test('a learner pays for a course in the sandbox and enters the classroom; a lesson not yet released says when it unlocks', async ({
    page,
    request,
  }) => {
    test.setTimeout(45_000);
    const instructor = await registerUser(request, 'Kevin Mutiso');
    const learner = await registerUser(request, 'Achieng Owino');
    const course = await createCourse(request, instructor, {
      title: unique('Web Development Basics'),
      price: 2500,
      category: 'Technology',
    });
    const releaseDay = nairobiDay(10);
    await addLessons(request, instructor, course, [
      {
        title: 'Your first HTML page',
        contentType: 'text',
        contentUrl: 'Headings, paragraphs, links.',
        duration: 18,
        releaseDate: null,
      },
      {
        title: 'Styling with CSS',
        contentType: 'text',
        contentUrl: 'Colours, spacing, type.',
        duration: 20,
        releaseDate: releaseDay,
      },
    ]);
    await page.setViewportSize(DESKTOP);
    await signIn(page, learner);
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByTestId('course-price')).toHaveText(kes(2500));
    await page.getByRole('button', { name: /Pay & Enrol/ }).click();
    await page.getByRole('button', { name: 'Pay by card instead' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
    await page.getByRole('button', { name: `Pay ${kes(2500)}` }).click();
    await page.waitForURL(/\/payment\/callback\?.*\breference=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the classroom' }).click();

    await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/classroom`));
    await expect(page.getByRole('heading', { level: 2, name: 'Your first HTML page' })).toBeVisible();
    const locked = lessonList(page)
      .getByText('Styling with CSS')
      .locator('xpath=ancestor::*[@aria-disabled="true"][1]');
    await expect(locked).toContainText(`Unlocks ${courseDay(releaseDay)}`);
    await expect(lessonList(page).getByRole('button', { name: /Styling with CSS/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );

    await page.goto('/my-courses');
    const mine = courseCard(page, course.title);
    await expect(mine.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await expect(mine.getByRole('link', { name: /Go to Classroom/ })).toHaveAttribute(
      'href',
      `/courses/${course.id}/classroom`,
    );
  });

  test('an instructor creates a course with a text lesson and finds it on the dashboard and in the catalogue', async ({
    page,
    request,
  }) => {
    test.setTimeout(45_000);
    const instructor = await registerUser(request, 'Hassan Abdi');
    const title = unique('Conversational Swahili for Visitors');
    await page.setViewportSize(DESKTOP);
    await page.goto('/instructor/courses');
    await expect(page).toHaveURL('/login');
    await submitLogin(page, instructor);
    await expect(page).toHaveURL('/instructor/courses');
    await expect(page.getByText('View and manage your published courses')).toBeVisible();
    await expect(page.getByText('No Courses Yet')).toBeVisible();
    await page.getByRole('link', { name: 'Create a Course' }).click();
    await expect(page).toHaveURL('/instructor/courses/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Course' })).toBeVisible();

    // The empty form: the contract's messages; nothing is sent.
    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/courses') posts.push(sent.url());
    });
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page.getByText('Please enter a title for the course.')).toBeVisible();
    await expect(page.getByText('Please upload a course image.')).toBeVisible();
    expect(posts).toEqual([]);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description').fill('Greet, shop and find your way in Swahili.');
    await page.getByLabel('Price (KES)').fill('0');
    await page.getByLabel('Category').fill('Languages');
    await expect(page.getByLabel('Instructor name')).toHaveValue('Hassan Abdi');
    await page.getByLabel(/Choose course image/).setInputFiles(pngFile('cover.png', [200, 120, 20]));
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page.getByText('Course created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/instructor\/courses\/[\w-]+\/edit$/);
    expect(posts).toHaveLength(1);

    await page.getByRole('button', { name: /Add a lesson/ }).click();
    await page.getByLabel('Lesson title').fill('Greetings: Habari and Shikamoo');
    await page.getByRole('group', { name: 'Lesson type' }).getByLabel('Text').check();
    await page.getByLabel('Lesson text').fill('Greet an elder with "Shikamoo"; they answer "Marahaba".');
    await page.getByLabel('Duration (minutes)').fill('8');
    await page.getByRole('button', { name: 'Add lesson' }).click();
    await expect(page.getByRole('list', { name: 'Lessons in order' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Lessons in order' })).toContainText(
      'Greetings: Habari and Shikamoo',
    );

    await page.getByRole('link', { name: /Back to dashboard/ }).click();
    await expect(page).toHaveURL('/instructor/courses');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // A draft until published (#28): learners do not find it yet.
    const mine = page.getByTestId('instructor-course').filter({ hasText: title });
    await expect(mine.getByText('Draft', { exact: true })).toBeVisible();
    const search = await request.get(`/api/courses?q=${encodeURIComponent(title)}`);
    expect(await search.json()).toEqual([]);
    await mine.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(page.getByText('Course published: learners can find it now.')).toBeVisible();
    await expect(mine.getByText('Draft', { exact: true })).toHaveCount(0);

    await page.goto(`/courses?q=${encodeURIComponent(title)}`);
    const card = courseCard(page, title);
    await expect(card).toContainText('Free');
    await expect(card).toContainText('Hassan Abdi');
    await expect(card).toContainText('1 lesson');
  });

  test('a visitor browses the catalogue, is asked to log in to enrol and comes back to the course', async ({
    page,
    request,
  }) => {
    const instructor = await registerUser(request, 'Faith Chebet');
    const learner = await registerUser(request, 'Mutua Kilonzo');
    const course = await createPublishedCourse(request, instructor, {
      title: unique('Community Health Basics'),
    });
    await page.setViewportSize(DESKTOP);
    await page.goto('/courses');
    await expect(page.getByText('10K+ Learners')).toBeVisible();
    const featured = page.getByRole('link', { name: /Explore Now/ });
    await expect(featured).toHaveAttribute('target', '_blank');
    await expect(featured).toHaveAttribute('rel', /noopener/);
    await expect(page.getByRole('combobox', { name: /Category/ })).toContainText('All');

    await page.goto(`/courses/${course.id}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await expect(page.getByText('Please log in to enroll in this course.')).toBeVisible();
    await page.getByRole('link', { name: /log in/i }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, learner);
    await expect(page).toHaveURL(`/courses/${course.id}`);
    await expect(page.getByRole('button', { name: 'Enroll Now' })).toBeEnabled();
    await page.goto('/courses/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Course Not Found' })).toBeVisible();
    await expect(page.getByText("This course doesn't exist or has been removed.")).toBeVisible();
  });

  test("the catalogue and a learner's pages have no serious accessibility violations and look right at 390 and 1280 px", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { instructor, course } = await courseWithLessons(request);
    const learner = await registerUser(request, 'Amani Njoroge');
    const free = await createCourse(request, instructor, { title: unique('Selling Online') });
    await addLessons(request, instructor, free, [
      {
        title: 'Titles buyers search for',
        contentType: 'text',
        contentUrl: 'Say what it is.',
        duration: 7,
        releaseDate: null,
      },
    ]);
    await page.setViewportSize(DESKTOP);

    await page.goto('/courses');
    await expect(courseCard(page, course.title)).toHaveCount(1);
    await checkPage(page, testInfo, 'courses');
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    await checkPage(page, testInfo, 'course-detail');

    await signIn(page, learner);
    await page.goto(`/my-courses`);
    await expect(page.getByText('You are not enrolled in any courses yet.')).toBeVisible();
    await checkPage(page, testInfo, 'my-courses-empty', false);
    await page.goto(`/courses/${free.id}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.getByRole('link', { name: 'Enter Classroom' }).click();
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(
      page.getByRole('region', { name: 'Congratulations! You have completed this course.' }),
    ).toBeVisible();
    await checkPage(page, testInfo, 'classroom-finished', false);
    await page.goto(`/courses/${free.id}/certificate`);
    await expect(page.getByRole('main').getByText('Amani Njoroge', { exact: true })).toBeVisible();
    await checkPage(page, testInfo, 'certificate', false);
    await page.goto('/my-courses');
    await expect(courseCard(page, free.title)).toHaveCount(1);
    await checkPage(page, testInfo, 'my-courses');
  });

  test("an instructor's pages have no serious accessibility violations and look right at 390 and 1280 px", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { instructor, course, lessons } = await courseWithLessons(request);
    await page.setViewportSize(DESKTOP);

    // Their classroom shows every lesson, the locked one too.
    await signIn(page, instructor);
    await page.goto(`/courses/${course.id}/classroom?lesson=${lessons[0]!.id}`);
    await expect(
      page.getByText('You teach this course: you see every lesson, released or not.'),
    ).toBeVisible();
    await checkPage(page, testInfo, 'classroom-instructor', false);
    await page.goto('/instructor/courses');
    await expect(page.getByRole('heading', { name: course.title })).toBeVisible();
    await checkPage(page, testInfo, 'instructor-dashboard');
    await page.goto('/instructor/courses/new');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page.getByText('Please enter a title for the course.')).toBeVisible();
    await checkPage(page, testInfo, 'create-course', false);
    await page.goto(`/instructor/courses/${course.id}/edit`);
    await expect(page.getByRole('list', { name: 'Lessons in order' }).getByRole('listitem')).toHaveCount(3);
    await checkPage(page, testInfo, 'edit-course');
  });
});
