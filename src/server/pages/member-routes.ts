/**
 * Member-area routes besides search that this build serves; the navigation
 * shows an item (with its unread/new badge) for each, and cards offer the
 * message action once 'chats' is here.
 */
export const MEMBER_ROUTES: ('likes' | 'chats')[] = ['likes', 'chats'];
