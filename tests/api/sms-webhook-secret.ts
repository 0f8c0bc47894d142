/** The SMS webhook signing secret of the API test instances (global-setup binds it; the webhook tests sign with it). */
export const TEST_SMS_WEBHOOK_SECRET = 'test-only-sms-webhook-secret-0123456789';
