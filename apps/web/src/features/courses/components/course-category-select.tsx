import { SelectField } from '@/components/select-field';
import { useCourseCategories } from '../api/get-course-categories';

type CourseCategorySelectProps = {
  /** null: All. */
  value: string | null;
  onChange: (category: string | null) => void;
};

/**
 * Spec §5 Course search: All, then every category a course is in, and 'Uncategorized' when some
 * course has none (the server's list). A shared link's category shows even before the list arrives.
 */
export function CourseCategorySelect({ value, onChange }: CourseCategorySelectProps) {
  const categories = useCourseCategories().data ?? [];
  const options = value && !categories.includes(value) ? [value, ...categories] : categories;
  return (
    <SelectField
      id="course-category"
      label="Category"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      className="min-h-11"
    >
      <option value="">All</option>
      {options.map((category) => (
        <option key={category} value={category}>
          {category}
        </option>
      ))}
    </SelectField>
  );
}
