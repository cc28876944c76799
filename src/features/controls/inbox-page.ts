/** How many waiting items the approvals inbox shows a page (the route's default, read before its
 * queries load). */
export const INBOX_PAGE = 20;
