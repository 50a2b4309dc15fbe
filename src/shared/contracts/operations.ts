import type { Contract } from './define';
import type * as routes from './routes';
import type {
  deleteOfferStateContract,
  showDeleteOfferContract,
  acceptDeleteOfferContract,
  deleteAccountContract,
} from './account-deletion';
import type { activationContract, resendActivationContract } from './activation';
import type { signupContract, loginContract, logoutContract, userContract } from './auth';
import type {
  chatsContract,
  startChatContract,
  deleteChatContract,
  messagesContract,
  sendMessageContract,
  gifsContract,
  typingContract,
} from './chat';
import type { dataExportStatusContract, requestDataExportContract, dataExportLinkContract } from './data-export';
import type { devActionContract } from './dev';
import type {
  emailChangeStatusContract,
  requestEmailChangeContract,
  resendEmailChangeContract,
  cancelEmailChangeContract,
  confirmEmailChangeContract,
  checkEmailChangeUndoContract,
  undoEmailChangeContract,
} from './email-change';
import type { emailCheckContract } from './email-check';
import type { geocodeContract } from './geocode';
import type { likesContract, likeContract, unlikeContract } from './likes';
import type { regionsContract, interestsContract, companyInfoContract } from './lookups';
import type { notificationSettingsContract, updateNotificationSettingsContract } from './notifications';
import type { changePasswordContract, requestPasswordResetContract, resetPasswordContract } from './password';
import type {
  startPurchaseContract,
  transactionContract,
  discountCodeContract,
  premiumContract,
  cancelPremiumContract,
} from './payments';
import type { photosContract, deletePhotoContract, arrangePhotosContract } from './photos';
import type { profileUpdateContract, emailChangeContract, profileFieldsContract } from './profile-update';
import type { pushSubscribeContract, pushUnsubscribeContract, pageHiddenContract } from './push';
import type { blockedMembersContract, blockContract, unblockContract, reportContract } from './safety';
import type { searchContract, profileContract } from './search';
import type { listSessionsContract, endSessionContract, endOtherSessionsContract } from './sessions';
import type { settingsContract } from './settings';
import type { profileImageContract } from './upload';
import type { xcamsSearchContract } from './xcams';

/** An operation's name: the name of its export in ./routes (and its route's `name`). */
export type OperationName = keyof typeof routes;

/** Requires a contract for every operation name. */
type Complete<T extends Record<OperationName, Contract>> = T;

/**
 * Each operation's contract type by name (types only: nothing of it reaches the browser bundle).
 * `callApi(routes.search, …)` takes its query and body types and returns its response type from here.
 */
export type Operations = Complete<{
  deleteOfferState: typeof deleteOfferStateContract;
  showDeleteOffer: typeof showDeleteOfferContract;
  acceptDeleteOffer: typeof acceptDeleteOfferContract;
  deleteAccount: typeof deleteAccountContract;
  activation: typeof activationContract;
  resendActivation: typeof resendActivationContract;
  signup: typeof signupContract;
  login: typeof loginContract;
  logout: typeof logoutContract;
  user: typeof userContract;
  chats: typeof chatsContract;
  startChat: typeof startChatContract;
  deleteChat: typeof deleteChatContract;
  messages: typeof messagesContract;
  sendMessage: typeof sendMessageContract;
  gifs: typeof gifsContract;
  typing: typeof typingContract;
  dataExportStatus: typeof dataExportStatusContract;
  requestDataExport: typeof requestDataExportContract;
  dataExportLink: typeof dataExportLinkContract;
  devAction: typeof devActionContract;
  emailChangeStatus: typeof emailChangeStatusContract;
  requestEmailChange: typeof requestEmailChangeContract;
  resendEmailChange: typeof resendEmailChangeContract;
  cancelEmailChange: typeof cancelEmailChangeContract;
  confirmEmailChange: typeof confirmEmailChangeContract;
  checkEmailChangeUndo: typeof checkEmailChangeUndoContract;
  undoEmailChange: typeof undoEmailChangeContract;
  emailCheck: typeof emailCheckContract;
  geocode: typeof geocodeContract;
  likes: typeof likesContract;
  like: typeof likeContract;
  unlike: typeof unlikeContract;
  regions: typeof regionsContract;
  interests: typeof interestsContract;
  companyInfo: typeof companyInfoContract;
  notificationSettings: typeof notificationSettingsContract;
  updateNotificationSettings: typeof updateNotificationSettingsContract;
  changePassword: typeof changePasswordContract;
  requestPasswordReset: typeof requestPasswordResetContract;
  resetPassword: typeof resetPasswordContract;
  startPurchase: typeof startPurchaseContract;
  transaction: typeof transactionContract;
  discountCode: typeof discountCodeContract;
  premium: typeof premiumContract;
  cancelPremium: typeof cancelPremiumContract;
  photos: typeof photosContract;
  deletePhoto: typeof deletePhotoContract;
  arrangePhotos: typeof arrangePhotosContract;
  profileUpdate: typeof profileUpdateContract;
  emailChange: typeof emailChangeContract;
  profileFields: typeof profileFieldsContract;
  pushSubscribe: typeof pushSubscribeContract;
  pushUnsubscribe: typeof pushUnsubscribeContract;
  pageHidden: typeof pageHiddenContract;
  blockedMembers: typeof blockedMembersContract;
  block: typeof blockContract;
  unblock: typeof unblockContract;
  report: typeof reportContract;
  search: typeof searchContract;
  profile: typeof profileContract;
  listSessions: typeof listSessionsContract;
  endSession: typeof endSessionContract;
  endOtherSessions: typeof endOtherSessionsContract;
  settings: typeof settingsContract;
  profileImage: typeof profileImageContract;
  xcamsSearch: typeof xcamsSearchContract;
}>;
