/**
 * Every user-facing text that both sides need, in one place (each is in its flow's section of docs/product/). The
 * mails' own copy, which only the server sends, is in server/mail/templates.ts.
 */
export const messages = {
  auth: {
    bothFieldsRequired: 'Please enter both email and password',
    fillAllFields: 'Please fill out all fields',
    passwordTooShort: 'Password must be at least 8 characters long',
    passwordsDoNotMatch: 'Passwords do not match',
    emailRequired: 'Please enter your email address',
    emailInvalid: 'Please enter a valid email address',
    passwordRequirements: 'Please meet all password requirements',
    invalidCredentials: 'Invalid email or password',
    emailTaken: 'An account with this email already exists',
    emailNotVerified: 'Please verify your email address before logging in',
    notAuthenticated: 'User not authenticated',
    resetTokenInvalid: 'Invalid or expired reset link',
    tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
    loginFailedInline: 'Login failed. Please check your credentials and try again.',
    signupFailedInline: 'Signup failed. Please try again.',
    forgotFailedInline: 'Failed to send password reset email',
    resetFailedInline: 'Failed to update password',
    usernameCharacters: 'Username contains characters that cannot be used',
    verificationLinkInvalid: 'Invalid or expired verification link',
    usernameTooLong: (max: number) => `Username must be at most ${max} characters`,
    passwordTooLong: (max: number) => `Password must be at most ${max} characters`,
    /** The reset form's four counted rules, in the order the meter shows them (docs/product/accounts.md#reset-password). */
    passwordRules: { length: 'At least 8 characters', upper: 'One uppercase letter', lower: 'One lowercase letter', digit: 'One number' },
  },
  toast: {
    loggedIn: ['Logged in successfully', 'Welcome back!'],
    loginFailed: ['Login failed', 'Please check your credentials and try again'],
    accountCreatedConfirm: ['Account created', 'Please check your email to confirm your account before continuing.'],
    accountCreated: 'Account created successfully',
    signupFailed: ['Signup failed', 'Please try again with a different email'],
    loggedOut: 'Logged out successfully',
    logoutError: ['Logout error', 'An error occurred during logout. Please try again.'],
    resetSent: ['Password reset email sent', 'Check your email for the password reset link.'],
    resetFailed: 'Password reset failed',
    passwordUpdated: ['Password updated', 'Your password has been updated successfully.'],
    passwordUpdateFailed: 'Password update failed',
    accountDeleted: ['Account deleted', 'Your account and its data have been removed.'],
  },
  /** The sentences of the API's general refusals (core/error-codes.ts gives every code one). */
  http: {
    notFound: 'We could not find what you were looking for.',
    badRequest: 'The request is not valid',
    unsupportedMediaType: 'Requests must be sent as JSON',
    payloadTooLarge: 'The request is too large',
    internal: 'Something went wrong on our side. Please try again.',
    /** The database could not be reached for a moment (a restart, a failover): 503, try again. */
    unavailable: 'Twogether is unavailable for a moment. Please try again shortly.',
    forbidden: "You're not allowed to do that.",
    conflict: 'That changed in the meantime. Please reload the page and try again.',
    methodNotAllowed: "That can't be done here.",
    invalidOrigin: 'This request did not come from Twogether. Please reload the page and try again.',
    authFailed: 'We could not complete that. Please try again.',
    emailAlreadyVerified: 'Your email address is already verified. You can log in.',
    invalidSignature: 'Webhook signature verification failed',
    /** A code the web does not know (spec 001, the error catalogue). */
    unexpected: 'An unexpected error occurred.',
    /** No answer from the app itself: no connection, or a proxy saying it is away (502, 503, 504). */
    unreachable: 'We could not reach Twogether. Check your connection and try again.',
  },
  game: {
    unknownGameType: 'Unknown game type',
  },
  account: {
    userNotFound: 'User not found',
    confirmDelete: 'Please confirm that you want to delete your account',
    timeZoneInvalid: 'Please choose a time zone from the list',
  },
  partner: {
    noToken: 'No token provided',
    inviteInvalid: 'Invalid or expired invite',
    inviteExpired: 'Invite has expired',
    senderPartnered: 'Sender is already partnered',
    senderUnreadable: 'Could not verify sender',
    ownInvite: 'You cannot accept your own invite.',
    alreadyPartnered: 'You are already partnered with someone.',
    profileUnreadable: 'Could not verify your profile.',
    invalidToken: 'Invalid or expired invite token.',
    verificationFailed: 'Partner linking failed verification.',
    notPartnered: 'You are not partnered with anyone.',
    profileFetchFailed: 'Could not fetch your profile.',
    needPartner: 'You need to connect with a partner before inviting them.',
  },
  session: {
    accessDenied: "You're not authorized to access this game session. Only the creator and their partner can join.",
    notFound: 'Session not found',
    readOnly: "You're no longer partners, so this session can be looked at but not played.",
    hostOnly: 'Only the host can move the session forward.',
    notBothAnswered: 'Both of you need to answer before moving on.',
    /** At your own pace: your own Next before you answered the item you are on. */
    notAnsweredYet: 'Answer this one first, then go on to the next.',
    completed: 'This session is already complete.',
    movedOn: 'The session has moved on to another question.',
    levelNotFound: 'Level not found',
    levelLocked: 'This level is locked. Complete the previous level first.',
    levelGold: 'This level needs Lifetime Gold.',
    notAnOption: 'That answer is not one of the options',
    answerFinal: "You've already answered this one, and your first answer stands.",
    /** The question of the consented link (spec decisions §5); the snapshot's 403 LINK_OFFER carries it. */
    linkOffer: (username: string) => `Link with ${username} and join?`,
    answerRevealed: 'Both answers are revealed now, so they stay as they are.',
    forwardOnly: 'In a scored game the host can only move on to the next question.',
  },
  invites: {
    notFound: 'Invite not found',
    expired: 'This invitation has expired. Ask your partner to send a new one.',
    notReceiver: 'You are not authorized to update this invite',
    sessionNotFound: 'Session not found',
    notYourSession: 'You can only invite your partner to a session you created.',
  },
  toastInvites: {
    newInvitation: 'New Invitation',
    accepted: ['Invite Accepted', 'Joining session...'],
    rejected: ['Invite Rejected', 'The invitation has been declined'],
    acceptFailed: 'Failed to accept invite',
    rejectFailed: 'Failed to reject invite',
    unexpected: 'An unexpected error occurred',
    linkExpired: 'Invite Link Expired',
    errorAccepting: 'Error accepting invite',
    errorGenerating: 'Error generating invite link',
    errorUnlinking: 'Error unlinking partner',
    loadFailed: ['Error', 'Failed to load invites: '],
  },
  /** Nudges, notification settings and unsubscribing (docs/product/notifications.md). */
  notifications: {
    nudgedToday: (username: string) => `You nudged ${username} today already`,
    nothingToNudge: (username: string) => `${username} has nothing of yours to catch up on here`,
    hourInvalid: 'Please choose an hour from the list',
    unsubscribeInvalid: 'This unsubscribe link is not valid. You can turn any mail off on your profile, under Notifications.',
    unsubscribeExpired: 'This unsubscribe link has expired. You can turn any mail off on your profile, under Notifications.',
    nudgeSent: (username: string) => `Nudge sent: ${username} will know you are waiting`,
    nudgeReceived: (username: string) => `${username} nudged you`,
    saved: 'Notification settings saved',
    saveFailed: 'Could not save your notification settings',
    confirmToGet: 'Confirm your address to get these',
    confirmationSent: (email: string) => `We sent a link to ${email}. Open it and you come back here, confirmed.`,
    addressConfirmed: 'Your address is confirmed.',
    confirmationExpired: 'That link has expired. Send a new one below.',
    confirmationInvalid: 'That link is not valid any more. Send a new one below.',
  },
  /** Memories (docs/product/memories.md). */
  memories: {
    searchTooLong: 'Please search for 100 characters or fewer',
    formerPartner: 'A former partner',
    answerRemoved: 'Answer removed',
    rule: 'What you shared stays yours to read and export, with both answers, after an unlink; a later partner never sees it. Deleting an account removes that person’s answers everywhere and keeps the other’s.',
    unlinkRule: 'What you shared stays in Memories for each of you, both answers included, to read and export; a later partner never sees it.',
    deleteRule:
      'This deletes your account, your answers everywhere and your game history for good, and unlinks your partner. What your partner wrote stays theirs, beside “A former partner”. It cannot be undone.',
  },
  /** Web Push on a person's devices (docs/product/notifications.md#on-your-devices). */
  push: {
    endpointRefused: "Notifications can only go through a browser's own push service, over https.",
    keysInvalid: "This browser's notification keys are not valid.",
    tooManyDevices: (limit: number) => `Notifications are on for ${limit} devices already. Remove one to add this one.`,
    unavailable: 'Notifications on devices are not set up on this server.',
    nudgeTitle: (username: string) => `${username} nudged you`,
    yourTurnTitle: (username: string, what: string) => `Your turn: ${username} answered ${what}`,
    dailyTitle: "Today's question is waiting",
  },
  /** Lifetime Gold's purchase, as the server answers it (docs/product/plans.md#checkout). */
  payments: {
    alreadyGold: "You already have Lifetime Gold, so there's nothing more to buy.",
    checkoutFailed: 'Failed to create checkout session',
    notActive: 'Subscription not found or not active',
  },
  /**
   * The checkout page's own texts (docs/product/plans.md#the-checkout-and-success-screens); the server's refusals
   * are `payments` and `auth.notAuthenticated`.
   */
  checkout: {
    errorTitle: 'Checkout Error',
    scriptNotLoaded: 'Stripe has not loaded yet.',
  },
} as const;
