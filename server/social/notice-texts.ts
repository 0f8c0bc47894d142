/**
 * Texts of the social sign-in notices (issue 15): a provider linked to or unlinked from the account.
 * Every locale has every text (the type enforces it); `{{provider}}` is identical across locales
 * (tests/unit/server/social-texts.test.ts). Provider names are brand names, not translated.
 */
import type { Locale } from '../../src/i18n/locales';

export interface SocialTexts {
  /** {{provider}} */
  linked: string;
  /** {{provider}} */
  unlinked: string;
}

export const SOCIAL_TEXTS: Record<Locale, SocialTexts> = {
  en: {
    linked: 'A {{provider}} account was linked to your account: you can now sign in with it.',
    unlinked: 'Your {{provider}} account was unlinked: it can no longer be used to sign in.',
  },
  es: {
    linked: 'Se vinculó una cuenta de {{provider}} a tu cuenta: ahora puedes iniciar sesión con ella.',
    unlinked: 'Se desvinculó tu cuenta de {{provider}}: ya no se puede usar para iniciar sesión.',
  },
  pt: {
    linked: 'Uma conta {{provider}} foi vinculada à sua conta: agora você pode entrar com ela.',
    unlinked: 'Sua conta {{provider}} foi desvinculada: ela não pode mais ser usada para entrar.',
  },
  de: {
    linked: 'Ein {{provider}}-Konto wurde mit deinem Konto verknüpft: Du kannst dich jetzt damit anmelden.',
    unlinked:
      'Die Verknüpfung deines {{provider}}-Kontos wurde aufgehoben: Es kann nicht mehr zur Anmeldung verwendet werden.',
  },
  fr: {
    linked: 'Un compte {{provider}} a été associé à votre compte : vous pouvez désormais vous connecter avec.',
    unlinked: 'Votre compte {{provider}} a été dissocié : il ne permet plus de vous connecter.',
  },
  it: {
    linked: 'Un account {{provider}} è stato collegato al tuo account: ora puoi accedere con esso.',
    unlinked: 'Il tuo account {{provider}} è stato scollegato: non può più essere usato per accedere.',
  },
  pl: {
    linked: 'Do Twojego konta połączono konto {{provider}}: możesz się teraz za jego pomocą logować.',
    unlinked: 'Konto {{provider}} zostało odłączone: nie można go już używać do logowania.',
  },
  tr: {
    linked: 'Hesabına bir {{provider}} hesabı bağlandı: artık onunla oturum açabilirsin.',
    unlinked: '{{provider}} hesabının bağlantısı kaldırıldı: artık oturum açmak için kullanılamaz.',
  },
  zh: {
    linked: '已有一個 {{provider}} 帳號連結到你的帳號：現在你可以用它登入。',
    unlinked: '你的 {{provider}} 帳號已解除連結：之後無法再用它登入。',
  },
  th: {
    linked: 'มีการเชื่อมโยงบัญชี {{provider}} กับบัญชีของคุณแล้ว: ตอนนี้คุณสามารถใช้บัญชีนี้ลงชื่อเข้าใช้ได้',
    unlinked: 'ยกเลิกการเชื่อมโยงบัญชี {{provider}} ของคุณแล้ว: ไม่สามารถใช้ลงชื่อเข้าใช้ได้อีกต่อไป',
  },
  ru: {
    linked: 'К вашей учётной записи привязан аккаунт {{provider}}: теперь вы можете входить с его помощью.',
    unlinked: 'Аккаунт {{provider}} отвязан: его больше нельзя использовать для входа.',
  },
  nl: {
    linked: 'Er is een {{provider}}-account aan je account gekoppeld: je kunt er nu mee inloggen.',
    unlinked: 'Je {{provider}}-account is ontkoppeld: je kunt er niet meer mee inloggen.',
  },
  ja: {
    linked: '{{provider}} アカウントがあなたのアカウントに連携されました。今後はこのアカウントでサインインできます。',
    unlinked: '{{provider}} アカウントの連携が解除されました。今後このアカウントではサインインできません。',
  },
};
