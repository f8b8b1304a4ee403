/** '1 review', '3 reviews'. */
export const reviewCountText = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);
