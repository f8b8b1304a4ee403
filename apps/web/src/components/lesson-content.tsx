import { useState } from 'react';
import type { ReactNode } from 'react';
import { mediaKindOf } from '@sokoni/contracts/courses-rules';
import type { LessonContentType } from '@sokoni/contracts/courses-rules';
import { DATA_SAVER } from '@sokoni/contracts/site';
import { Button, buttonClasses } from '@/components/button';
import { formatFileSize } from '@/lib/file-size';
import { useDataSaver } from '@/stores/data-saver';

/** Spec §2: the PDF viewer is 500 px tall. */
const PDF_FRAME_HEIGHT = 500;

/** A stored file's address may come signed ('…/file.pdf?expires=…'): its kind is its path's. */
const isOnAnotherSite = (url: string) => mediaKindOf(url.split('?')[0] ?? url) === 'external';

const linkClasses = 'font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900';

/**
 * Where the lesson shows. `preview`, open to everyone on the course page: a long text scrolls
 * within its box, so the rest of the page is not pushed away. `lesson`, in the classroom: the
 * text in full as paragraphs and a PDF's Open link on the right. In both, another site's video or
 * PDF (which often will not play or be framed here) is offered in a tab of its own.
 */
type LessonContentVariant = 'preview' | 'lesson';

type LessonContentProps = {
  title: string;
  contentType: LessonContentType;
  /** The video's or the PDF's address, or the lesson's text itself. */
  content: string;
  /** The size of a video or PDF of ours (Lesson.contentBytes), told before it loads; else null. */
  bytes: number | null;
  variant: LessonContentVariant;
};

/** One kind of content: `content` is the text itself, or the video's or the PDF's address. */
type LessonPartProps = Omit<LessonContentProps, 'contentType'>;

type LoadOnTapProps = Pick<LessonPartProps, 'title' | 'bytes'> & {
  kind: 'video' | 'pdf';
  /** The player or the PDF's frame. */
  children: ReactNode;
};

/**
 * Under the data saver (#29), a lesson's video or PDF loads only when asked, its size said first
 * ('Video · 14.2 MB', Load video); without it, at once.
 */
function LoadOnTap({ kind, title, bytes, children }: LoadOnTapProps) {
  const saving = useDataSaver();
  const [asked, setAsked] = useState(false);
  if (!saving || asked) return children;
  const size = bytes === null ? '' : ` · ${formatFileSize(bytes)}`;
  return (
    <div
      className={`flex flex-col items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-center ${
        kind === 'video' ? 'aspect-video' : 'min-h-40'
      }`}
    >
      <p className="font-semibold text-slate-800">
        {kind === 'video' ? 'Video' : 'PDF'}
        {size}
      </p>
      <Button onClick={() => setAsked(true)}>
        {kind === 'video' ? DATA_SAVER.loadVideo : DATA_SAVER.loadPdf}
        <span className="sr-only"> of {title}</span>
      </Button>
    </div>
  );
}

function LessonText({ title, content, variant }: Omit<LessonPartProps, 'bytes'>) {
  // The body is the instructor's plain text: shown with its line breaks kept, never read as HTML.
  if (variant === 'preview') {
    return (
      // Focusable, so a keyboard can scroll it too.
      <div
        tabIndex={0}
        role="region"
        aria-label={`Text of ${title}`}
        className="max-h-[500px] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4 break-words whitespace-pre-line text-slate-800 sm:p-6"
      >
        {content}
      </div>
    );
  }
  const paragraphs = content.split(/\n\s*\n/).filter((paragraph) => paragraph.trim());
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 text-slate-800 sm:p-6">
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="break-words whitespace-pre-wrap">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

function LessonVideo({ title, content: src, bytes }: Omit<LessonPartProps, 'variant'>) {
  return (
    <div className="space-y-2">
      {/* Metadata only until played: a phone on mobile data fetches the film as it is watched
          (the server answers range requests, so seeking skips ahead without the rest). */}
      {/* Keyed by the address: another lesson's video gets a new player (and asks again). */}
      <LoadOnTap key={src} kind="video" title={title} bytes={bytes}>
        <video
          src={src}
          controls
          preload="metadata"
          playsInline
          aria-label={title}
          className="aspect-video w-full rounded-2xl bg-slate-900"
        >
          <a href={src} className={linkClasses}>
            Download the video
          </a>
        </video>
      </LoadOnTap>
      {isOnAnotherSite(src) ? (
        <p className="text-sm text-slate-600">
          Not playing?{' '}
          <a href={src} target="_blank" rel="noopener noreferrer" className={linkClasses}>
            Open the video in a new tab
          </a>
        </p>
      ) : null}
    </div>
  );
}

function LessonPdf({ title, content: src, variant, bytes }: LessonPartProps) {
  const open = (
    <a href={src} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
      Open PDF<span className="sr-only"> of {title} in a new tab</span>
    </a>
  );
  // Another site's PDF opens in its own tab: our pages frame only our own files (CSP frame-src
  // 'self'), and most sites refuse to be framed anyway.
  if (isOnAnotherSite(src)) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <p className="text-slate-700">This lesson&apos;s PDF is on another site: it opens in a new tab.</p>
        {open}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <LoadOnTap key={src} kind="pdf" title={title} bytes={bytes}>
        <iframe
          src={src}
          title={`PDF: ${title}`}
          height={PDF_FRAME_HEIGHT}
          className="block h-[500px] w-full rounded-2xl border border-slate-200 bg-white"
        />
      </LoadOnTap>
      <div className={variant === 'lesson' ? 'flex justify-end' : undefined}>{open}</div>
    </div>
  );
}

/** A lesson's video, its PDF (framed, with a link to open it whole) or its text. */
export function LessonContent({ title, contentType, content, bytes, variant }: LessonContentProps) {
  if (contentType === 'video') return <LessonVideo title={title} content={content} bytes={bytes} />;
  if (contentType === 'pdf')
    return <LessonPdf title={title} content={content} variant={variant} bytes={bytes} />;
  return <LessonText title={title} content={content} variant={variant} />;
}
