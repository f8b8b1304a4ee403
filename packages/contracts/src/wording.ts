/** The word for `count` of a thing: `one` for exactly one, `many` otherwise ('1 seat', '2 seats'). */
export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
