import { expect, test } from '@playwright/test';
import { createThreadWithReplyTree, newMemberPage, phonesImage, signUpMember } from './community-support';
import { attachScreenshots, DESKTOP, MOBILE, seriousViolations } from './support';

test.describe('community', () => {
  test('a visitor opens a thread from the hub and reads its reply tree without signing in', async ({
    page,
    request,
  }, testInfo) => {
    const thread = await createThreadWithReplyTree(request);
    await page.setViewportSize(DESKTOP);
    await page.goto('/community');
    await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All groups' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Technology' })).toBeVisible();
    await expect(page.getByTestId('thread-card').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'community-hub');

    // Filters live in the URL.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Agriculture' }).click();
    await expect(page).toHaveURL('/community?category=agriculture');
    await expect(page.getByRole('link', { name: 'Agriculture' })).toHaveAttribute('aria-current', 'true');

    await page.getByRole('link', { name: thread.title }).click();
    await expect(page).toHaveURL(`/community/${thread.threadId}`);
    await expect(page.getByRole('heading', { level: 1, name: thread.title })).toBeVisible();
    await expect(page.getByText('Top Reply')).toHaveCount(1);
    const replies = page.getByTestId('reply');
    await expect(replies).toHaveCount(4);
    // "Yes, until 1 pm." answers Amina, who answered Kevin: three levels deep.
    const deepest = replies.filter({ hasText: 'Yes, until 1 pm.' });
    await expect(deepest.locator('xpath=ancestor::li[@data-testid="reply"]')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Log in to reply' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'community-thread');

    // Voting asks a visitor to sign in first.
    await page.setViewportSize(DESKTOP);
    await replies
      .first()
      .getByRole('button', { name: /^Upvote/ })
      .first()
      .click();
    await expect(page).toHaveURL('/login');

    await page.goto('/community/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Thread not found.' })).toBeVisible();
  });

  test('members create a group, post with an image, reply in a tree and upvote once', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await signUpMember(page, 'Wambui Kariuki');

    // Create a group: the client checks the name first.
    await page.goto('/community');
    await page.getByRole('link', { name: 'Create Group' }).click();
    await expect(page).toHaveURL('/community/groups/new');
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(page.getByText('Group name is required.')).toBeVisible();
    await page.getByLabel('Group name').fill('  ab ');
    await expect(page.getByText('Group name is required.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(page.getByText('Group name must be at least 3 characters.')).toBeVisible();
    const groupName = `Kilimo Hub ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByLabel('Group name').fill(groupName);
    await page.getByLabel('Description (optional)').fill('Farm talk from Kiambu.');
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(page).toHaveURL(/\/community\?groupId=[\w-]+$/);
    await expect(page.getByRole('heading', { name: groupName })).toBeVisible();
    await expect(
      page.getByText('No active posts yet. Be the first to ask, share, or promote!'),
    ).toBeVisible();

    // Start a thread in it: the group is preselected.
    await page.getByRole('link', { name: 'New Thread' }).click();
    await expect(page).toHaveURL(/\/community\/new\?groupId=/);
    await expect(page.getByLabel('Group (optional)')).toHaveValue(/[\w-]{36}/);
    await expect(page.getByLabel('Group (optional)').locator('option:checked')).toHaveText(groupName);
    const title = `Drip kits in Thika ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByLabel('Title (optional)').fill(title);
    const content =
      'Who sells drip kits?\n<script>window.hacked = true</script> see https://example.com/drip.';
    await page.getByLabel('What would you like to share?').fill(content);
    await expect(page.getByText(`${content.length}/300`)).toBeVisible();
    await page.getByLabel('Category').selectOption('agriculture');
    await page.getByLabel('Tags (comma-separated, optional)').fill(' irrigation, , thika ');
    const attachment = page.getByLabel('Attachment (image or video, optional)');
    await attachment.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(page.getByText('Only image and video files are supported')).toBeVisible();
    await attachment.setInputFiles(await phonesImage(page));
    await expect(page.getByRole('img', { name: 'Preview: phones.webp' })).toBeVisible();
    await expect(page.getByText('Only image and video files are supported')).toHaveCount(0);
    await page.getByRole('button', { name: 'Post Thread' }).click();

    await expect(page).toHaveURL(/\/community\/[\w-]{36}$/, { timeout: 15_000 });
    const threadUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Attachment from Wambui Kariuki' })).toBeVisible();
    // The image is really served: it decodes to a picture (polled: it may still be loading).
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: 'Attachment from Wambui Kariuki' })
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    // The script is text, never markup; the link is clickable and marked as user content.
    await expect(page.getByText('<script>window.hacked = true</script>')).toBeVisible();
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    const link = page.getByRole('link', { name: 'https://example.com/drip' });
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(page.getByText('#irrigation')).toBeVisible();
    await expect(page.getByText('#thika')).toBeVisible();
    await expect(page.getByText(groupName)).toBeVisible();

    // A second member replies, then answers that reply.
    const second = await newMemberPage(browser, 'Otieno Ouma');
    const other = second.page;
    await other.goto(threadUrl);
    await other.getByLabel('Your reply', { exact: true }).fill('Try the agrovet near Thika stage.');
    await other
      .getByLabel('Attachment (image or video, optional)')
      .setInputFiles({ name: 'list.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await expect(other.getByText('Only image or video files are allowed.')).toBeVisible();
    await other.getByRole('button', { name: 'Post Reply' }).click();
    const firstReply = other.getByTestId('reply').filter({ hasText: 'Try the agrovet near Thika stage.' });
    await expect(firstReply).toHaveCount(1);
    await expect(firstReply.getByText('Top Reply')).toBeVisible();

    await firstReply.getByRole('button', { name: 'Reply to Otieno Ouma' }).click();
    await other.getByLabel('Your reply to Otieno Ouma').fill('They also deliver to Juja.');
    await other.getByRole('button', { name: 'Post Reply' }).first().click();
    const nested = firstReply.getByTestId('reply').filter({ hasText: 'They also deliver to Juja.' });
    await expect(nested).toHaveCount(1);

    // Nobody upvotes their own reply: the server refuses it and the page says why.
    await firstReply
      .getByRole('button', { name: /^Upvote/ })
      .first()
      .click();
    await expect(firstReply.getByText('You cannot upvote your own reply.').first()).toBeVisible();
    await second.context.close();

    // A second tab opened before the vote still offers it; the server then refuses it.
    await page.reload();
    const staleTab = await page.context().newPage();
    await staleTab.goto(threadUrl);
    await expect(staleTab.getByTestId('reply')).toHaveCount(2);

    // One upvote: the button then reads Upvoted and stays disabled after a reload.
    const agrovetReply = page.getByTestId('reply').filter({ hasText: 'Try the agrovet near Thika stage.' });
    const upvote = agrovetReply.getByRole('button', { name: /^Upvote/ }).first();
    await expect(upvote).toHaveText(/Upvote\s*,?\s*0/);
    await upvote.click();
    const upvoted = agrovetReply.getByRole('button', { name: /^Upvoted/ }).first();
    await expect(upvoted).toBeDisabled();
    await expect(upvoted).toContainText('1');
    await page.reload();
    const afterReload = page
      .getByTestId('reply')
      .filter({ hasText: 'Try the agrovet near Thika stage.' })
      .getByRole('button', { name: /^Upvoted/ })
      .first();
    await expect(afterReload).toBeDisabled();
    await expect(afterReload).toContainText('1');
    const staleReply = staleTab.getByTestId('reply').filter({ hasText: 'Try the agrovet near Thika stage.' });
    await staleReply
      .getByRole('button', { name: /^Upvote/ })
      .first()
      .click();
    await expect(staleReply.getByText('You have already upvoted this reply.')).toBeVisible();
    await expect(staleReply.getByRole('button', { name: /^Upvoted/ }).first()).toBeDisabled();
    await staleTab.close();

    // The home page highlights the new thread.
    await page.goto('/');
    await expect(page.getByTestId('community-highlight').filter({ hasText: title }).first()).toBeVisible();
    await page.setViewportSize(MOBILE);
    await page.getByRole('tab', { name: 'Community' }).click();
    await expect(
      page.getByRole('tabpanel').getByTestId('community-highlight').filter({ hasText: title }),
    ).toBeVisible();
  });

  test('the new thread form and Create Group look right and pass axe at phone and desktop widths', async ({
    page,
  }, testInfo) => {
    await signUpMember(page, 'Njeri Mwangi');

    await page.goto('/community/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Start a Thread' })).toBeVisible();
    await page.getByRole('button', { name: 'Post Thread' }).click();
    await expect(
      page.getByText('Choose a category: technology, fashion, deals or agriculture.'),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'community-new-thread');

    await page.goto('/community/groups/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Group' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(page.getByText('Group name is required.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'community-create-group');
  });
});
