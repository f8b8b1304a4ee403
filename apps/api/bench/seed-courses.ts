import { sql } from 'drizzle-orm';
import { COURSE_LEVELS, SUGGESTED_COURSE_CATEGORIES } from '@sokoni/contracts/courses-rules';
import type { Db } from '../src/db/client.js';
import { textArray } from './text-array.js';

const SUBJECTS = [
  'Poultry farming',
  'Tailoring',
  'Phone repair',
  'Beekeeping',
  'Bookkeeping',
  'Baking',
  'Web design',
  'Solar installation',
];
/** What a course page carries: its outline of this many lessons, the first one's content as a preview. */
const LESSONS_PER_COURSE = 8;

/**
 * `count` published courses of eight text lessons each, generated inside the database in two
 * statements, taught by the users already there (the catalogue's sellers): a third of them free,
 * most rated, their learners counted (no enrolment rows: the course page shows the counts).
 */
export async function seedCourses(db: Db, count: number): Promise<void> {
  await db.execute(sql`
    with arrays as (
      select ${textArray(SUBJECTS)}::text[] as subjects, ${textArray(COURSE_LEVELS)}::text[] as levels,
             ${textArray(SUGGESTED_COURSE_CATEGORIES)}::text[] as categories,
             (select array_agg(id order by email) from users) as instructors
    )
    insert into courses (title, description, price_cents, image, category, level, language, objectives,
                         instructor_id, instructor_name, rating_sum, rating_count, enrolled_count,
                         created_at, published_at)
    select
      subject || ' ' || g,
      'Bench course number ' || g || ': ' || lower(subject) || ', from the first step to a living.',
      case when g % 3 = 0 then 0 else (500 + (g * 37) % 50 * 100) * 100 end,
      '/api/uploads/sample/00000000000000000000000000000000.webp',
      a.categories[1 + g % array_length(a.categories, 1)],
      a.levels[1 + g % array_length(a.levels, 1)],
      'English',
      array['Start with what you have', 'Sell what you make'],
      a.instructors[1 + g % array_length(a.instructors, 1)],
      'Instructor ' || g,
      ratings * 4,
      ratings,
      ratings * 3,
      now() - interval '90 days' + (g || ' minutes')::interval,
      now() - interval '60 days'
    from arrays a, generate_series(1, ${count}) as g,
         lateral (select a.subjects[1 + g % array_length(a.subjects, 1)] as subject,
                         (g * 13) % 40 as ratings) v`);
  await db.execute(sql`
    insert into course_lessons (course_id, position, title, content_type, content_url, duration_minutes)
    select c.id, p, 'Lesson ' || p || ': ' || c.title, 'text',
           'What to do in lesson ' || p || ', step by step, and what it costs.', 5 + (p * 7) % 30
    from courses c, generate_series(1, ${LESSONS_PER_COURSE}) as p`);
  await db.execute(sql`vacuum analyze courses, course_lessons`);
}
