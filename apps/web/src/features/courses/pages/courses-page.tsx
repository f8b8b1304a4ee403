import { SearchForm } from '@/components/search-form';
import { useCourses } from '../api/get-courses';
import { CourseCategorySelect } from '../components/course-category-select';
import { CourseFloatingMenu } from '../components/course-floating-menu';
import { CourseHero } from '../components/course-hero';
import { CourseResults } from '../components/course-results';
import { useCourseFilters } from '../hooks/use-course-filters';

/**
 * The course catalogue (spec §2): the hero, search over titles and instructors, the category, and
 * the grid with the featured card first; the search and category live in the URL.
 */
export function CoursesPage() {
  const [filters, setFilters] = useCourseFilters();
  const courses = useCourses(filters);
  const total = courses.data?.pages.at(-1)?.total;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 pt-6 pb-24 sm:pt-8 lg:pb-8">
      <title>Courses — Sokoni</title>
      <CourseHero />
      <div className="mt-6 grid gap-4 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-end">
        <SearchForm
          id="course-search"
          label="Search courses"
          query={filters.q}
          placeholder="Search courses..."
          onSearch={(q) => setFilters({ ...filters, q })}
        />
        <CourseCategorySelect
          value={filters.category}
          onChange={(category) => setFilters({ ...filters, category })}
        />
      </div>
      <p className="mt-4 mb-4 font-semibold text-slate-800" aria-live="polite" data-testid="result-count">
        {total === undefined ? '' : `${total} ${total === 1 ? 'course' : 'courses'}`}
      </p>
      <h2 className="sr-only">Courses</h2>
      <CourseResults query={courses} filtered={Boolean(filters.q || filters.category)} />
      <CourseFloatingMenu />
    </section>
  );
}
