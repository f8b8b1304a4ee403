// Community limits and messages (zod-free, shared by server and screens).
export const THREAD_CATEGORIES = ['technology', 'fashion', 'deals', 'agriculture'] as const;
export type ThreadCategory = (typeof THREAD_CATEGORIES)[number];

export const GROUP_NAME_MIN = 3;
export const GROUP_NAME_MAX = 80;
export const THREAD_TITLE_MAX = 200;
export const THREAD_CONTENT_MAX = 10_000;
/** The form shows x/300 but does not enforce it (spec §5); the server's bound is THREAD_CONTENT_MAX. */
export const THREAD_CONTENT_COUNTER = 300;
export const THREAD_PREVIEW_LENGTH = 280;
export const TAGS_MAX = 10;
export const TAG_MAX_LENGTH = 30;
export const REPLY_CONTENT_MAX = 5_000;
export const VIDEO_MAX_BYTES = 25 * 1024 * 1024;

export const COMMUNITY_MESSAGES = {
  groupNameRequired: 'Group name is required.',
  groupNameTooShort: 'Group name must be at least 3 characters.',
  groupNameTooLong: `Group name must be at most ${GROUP_NAME_MAX} characters.`,
  groupNameTaken: 'A group with this name already exists.',
  groupCreateFailed: 'Failed to create the group. Please try again.',
  groupNotFound: 'Group not found.',
  contentRequired: 'Please write something before posting.',
  contentTooLong: `Posts can be at most ${THREAD_CONTENT_MAX.toLocaleString('en-KE')} characters.`,
  titleTooLong: `Titles can be at most ${THREAD_TITLE_MAX} characters.`,
  categoryRequired: 'Choose a category: technology, fashion, deals or agriculture.',
  tooManyTags: `Use at most ${TAGS_MAX} tags.`,
  tagTooLong: `Tags can be at most ${TAG_MAX_LENGTH} characters.`,
  loginToPost: 'You must be logged in to post.',
  attachmentType: 'Only image and video files are supported',
  replyAttachmentType: 'Only image or video files are allowed.',
  threadPostFailed: 'Something went wrong. Please check the console.',
  replyRequired: 'Please write a reply.',
  replyTooLong: `Replies can be at most ${REPLY_CONTENT_MAX.toLocaleString('en-KE')} characters.`,
  parentNotInThread: 'You can only reply to a reply in the same thread.',
  threadNotFound: 'Thread not found.',
  replyNotFound: 'Reply not found.',
  alreadyVoted: 'Already voted',
  ownReply: 'You cannot upvote your own reply.',
  alreadyUpvotedShown: 'You have already upvoted this reply.',
  upvoteFailed: 'Already upvoted or an error occurred.',
  emptyThreads: 'No active posts yet. Be the first to ask, share, or promote!',
  anonymous: 'Anonymous',
  topReply: 'Top Reply',
  foreignAttachment: 'Attachments must be uploaded to Sokoni first.',
} as const;
