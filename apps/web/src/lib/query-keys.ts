/**
 * Query keys that more than one feature touches: checkout creates orders and the payment
 * callback marks them paid, so both refresh My Orders through this one key.
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** Claiming a free event's tickets issues them at once: My Tickets refreshes through this key. */
export const TICKETS_QUERY_KEY = ['tickets'] as const;

/**
 * Every courses query starts with this key (catalogue, a course, its classroom, My Courses, the
 * Instructor Dashboard): completing a lesson, rating a course or editing one refreshes them all.
 */
export const COURSES_QUERY_KEY = ['courses'] as const;

/**
 * GET /courses/{id}/classroom, read by the classroom and by the lesson editor (the instructor gets
 * every lesson's content there): an edit to a lesson shows in both.
 */
export const classroomQueryKey = (courseId: string) => [...COURSES_QUERY_KEY, 'classroom', courseId] as const;

/**
 * The cart's products as the server has them now (#15), read by the cart and by checkout; a refused
 * order (a price or stock that moved) refreshes them through this key.
 */
export const CART_PRODUCTS_QUERY_KEY = ['cart-products'] as const;
