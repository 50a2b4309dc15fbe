/**
 * Member-area routes besides search that this build serves; the navigation
 * shows an item (with its unread/new badge) for each. The likes and chat
 * features add themselves here when their pages land.
 */
export const MEMBER_ROUTES: ('likes' | 'chats')[] = [];
