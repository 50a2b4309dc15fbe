/** The routes of the chat operations (./index.ts). */
export const chats = { name: 'chats', method: 'GET', path: '/api/chats.php' } as const;
export const startChat = { name: 'startChat', method: 'GET', path: '/api/chat.php' } as const;
export const deleteChat = { name: 'deleteChat', method: 'DELETE', path: '/api/chat.php' } as const;
export const messages = { name: 'messages', method: 'GET', path: '/api/messages.php' } as const;
export const sendMessage = { name: 'sendMessage', method: 'POST', path: '/api/messages.php' } as const;
export const gifs = { name: 'gifs', method: 'GET', path: '/api/gifs.php' } as const;
export const typing = { name: 'typing', method: 'POST', path: '/api/typing.php' } as const;
