import { expect, test, type Page } from '@playwright/test';
import { createCourse } from './courses-support';
import { createStay } from './stays-support';
import { createProduct, registerUser, unique } from './support';
import { createEvent } from './tickets-support';

/** The app's script files a page loads while it opens (by their names, without the build's hash). */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match) scripts.push(match[1]!);
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return scripts;
}

test.describe('what a page loads', () => {
  test('pages that only show things load no form code; a page with a form does', async ({
    page,
    request,
  }) => {
    const seller = await registerUser(request, 'Wanjiku Seller');
    const { product } = await createProduct(request, { title: unique('Kiondo basket') }, seller);
    const event = await createEvent(request, seller, { title: unique('Benga night') });
    const stay = await createStay(request, seller, { title: unique('Naivasha cabin') });
    const course = await createCourse(request, seller, { title: unique('Beekeeping basics') });

    for (const path of [
      '/',
      '/shop',
      `/products/${product.id}`,
      '/events',
      `/tickets/${event.id}`,
      '/stays',
      `/stays/${stay.id}`,
      '/courses',
      `/courses/${course.id}`,
    ]) {
      const scripts = await scriptsOf(page, path);
      expect(scripts, path).toContain('shared');
      expect(scripts, path).not.toContain('forms');
    }
    expect(await scriptsOf(page, '/login')).toContain('forms');
  });
});
