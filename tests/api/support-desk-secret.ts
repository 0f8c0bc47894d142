/** The support desk's JWT SSO secret of the API test instances (global-setup binds it; the tests verify with it). */
export const TEST_SUPPORT_DESK_JWT_SECRET = 'test-only-support-desk-jwt-secret-0123456789';
