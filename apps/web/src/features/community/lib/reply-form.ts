import { CreateReplyInput } from '@sokoni/contracts/community';

/** The reply box checks what POST /community/replies checks of its text (spec §5: non-blank). */
export const ReplyForm = CreateReplyInput.pick({ content: true });
