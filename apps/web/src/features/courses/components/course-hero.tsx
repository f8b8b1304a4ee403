import { Link } from 'react-router';
import { COURSE_HERO } from '@sokoni/contracts/courses-rules';
import { useAuthStore } from '@/stores/auth';
import { useTeachesCourses } from '../api/get-courses';

const LINK_CLASSES =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold';
const SOLID = `${LINK_CLASSES} bg-white text-emerald-900 hover:bg-emerald-50`;
const OUTLINE = `${LINK_CLASSES} border border-white/80 text-white hover:bg-white/10`;

/**
 * The hero's links (spec §2, DESIGN §7): someone who teaches a course gets their dashboard and
 * Create Course; a signed-in learner My Courses and Create Course; a visitor My Courses, which asks
 * them to sign in.
 */
function HeroLinks() {
  const user = useAuthStore((state) => state.user);
  // Until the answer comes, a signed-in user is shown the learner's links, as most are learners.
  const teaches = useTeachesCourses(user?.id ?? null).data === true;
  return (
    <nav aria-label="Your courses" className="mt-6 flex flex-wrap gap-3">
      {teaches ? (
        <Link to="/instructor/courses" className={SOLID}>
          Dashboard
        </Link>
      ) : (
        <Link to="/my-courses" className={SOLID}>
          My Courses
        </Link>
      )}
      {user ? (
        <Link to="/instructor/courses/new" className={OUTLINE}>
          Create Course
        </Link>
      ) : null}
    </nav>
  );
}

export function CourseHero() {
  return (
    <div className="rounded-3xl bg-gradient-to-br from-emerald-900 to-emerald-700 px-5 py-8 text-white sm:px-10 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Learn New Skills</h1>
      <p className="mt-2 max-w-2xl text-emerald-50">
        Video, PDF and text courses from Kenyan instructors. Learn at your own pace and earn a certificate
        anyone can verify.
      </p>
      <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 font-semibold" data-testid="course-hero-figures">
        <li>{COURSE_HERO.learners}</li>
        <li>
          <span aria-hidden="true" className="text-amber-300">
            ★
          </span>{' '}
          {COURSE_HERO.rating} <span className="font-normal text-emerald-50">average rating</span>
        </li>
      </ul>
      <HeroLinks />
    </div>
  );
}
