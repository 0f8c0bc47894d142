/**
 * The emails of sign-up and email verification, in the 13 interface
 * languages (the language the portal sent with the request). Plain text:
 * the providers send `text` only. Product names follow the portal's own
 * translations (src/locales/*.json `app.name`).
 */
import type { Locale } from '../../src/i18n/locales';
import type { EmailMessage } from '../providers/email';

interface Texts {
  codeSubject: string;
  codeBody: (code: string) => string;
  linkSubject: string;
  linkBody: (link: string) => string;
}

export const SIGN_IN_EMAIL_TEXTS: Readonly<Record<Locale, Texts>> = {
  en: {
    codeSubject: 'Your Lumenforge verification code',
    codeBody: (code) =>
      `Your verification code is ${code}.\n\nEnter it on the sign-up page within 30 minutes. If you did not try to create a Lumenforge Account, you can ignore this email.`,
    linkSubject: 'Verify your email address',
    linkBody: (link) =>
      `Confirm the email address of your Lumenforge Account by opening this link:\n\n${link}\n\nThe link is valid for 24 hours. If you did not create this account, you can ignore this email.`,
  },
  es: {
    codeSubject: 'Tu código de verificación de Lumenforge',
    codeBody: (code) =>
      `Tu código de verificación es ${code}.\n\nIngrésalo en la página de registro dentro de los próximos 30 minutos. Si no intentaste crear una Cuenta Lumenforge, puedes ignorar este correo.`,
    linkSubject: 'Verifica tu dirección de correo electrónico',
    linkBody: (link) =>
      `Confirma la dirección de correo de tu Cuenta Lumenforge abriendo este enlace:\n\n${link}\n\nEl enlace es válido durante 24 horas. Si no creaste esta cuenta, puedes ignorar este correo.`,
  },
  pt: {
    codeSubject: 'Seu código de verificação da Lumenforge',
    codeBody: (code) =>
      `Seu código de verificação é ${code}.\n\nDigite-o na página de cadastro em até 30 minutos. Se você não tentou criar uma Conta Lumenforge, ignore este e-mail.`,
    linkSubject: 'Confirme seu endereço de e-mail',
    linkBody: (link) =>
      `Confirme o endereço de e-mail da sua Conta Lumenforge abrindo este link:\n\n${link}\n\nO link é válido por 24 horas. Se você não criou esta conta, ignore este e-mail.`,
  },
  de: {
    codeSubject: 'Dein Lumenforge-Bestätigungscode',
    codeBody: (code) =>
      `Dein Bestätigungscode lautet ${code}.\n\nGib ihn innerhalb von 30 Minuten auf der Registrierungsseite ein. Wenn du kein Lumenforge-Konto erstellen wolltest, kannst du diese E-Mail ignorieren.`,
    linkSubject: 'Bestätige deine E-Mail-Adresse',
    linkBody: (link) =>
      `Bestätige die E-Mail-Adresse deines Lumenforge-Kontos, indem du diesen Link öffnest:\n\n${link}\n\nDer Link ist 24 Stunden lang gültig. Wenn du dieses Konto nicht erstellt hast, kannst du diese E-Mail ignorieren.`,
  },
  fr: {
    codeSubject: 'Votre code de vérification Lumenforge',
    codeBody: (code) =>
      `Votre code de vérification est ${code}.\n\nSaisissez-le sur la page d’inscription dans les 30 minutes. Si vous n’avez pas essayé de créer un Compte Lumenforge, vous pouvez ignorer cet e-mail.`,
    linkSubject: 'Vérifiez votre adresse e-mail',
    linkBody: (link) =>
      `Confirmez l’adresse e-mail de votre Compte Lumenforge en ouvrant ce lien :\n\n${link}\n\nCe lien est valable 24 heures. Si vous n’avez pas créé ce compte, vous pouvez ignorer cet e-mail.`,
  },
  it: {
    codeSubject: 'Il tuo codice di verifica Lumenforge',
    codeBody: (code) =>
      `Il tuo codice di verifica è ${code}.\n\nInseriscilo nella pagina di registrazione entro 30 minuti. Se non hai provato a creare un Account Lumenforge, puoi ignorare questa email.`,
    linkSubject: 'Verifica il tuo indirizzo email',
    linkBody: (link) =>
      `Conferma l’indirizzo email del tuo Account Lumenforge aprendo questo link:\n\n${link}\n\nIl link è valido per 24 ore. Se non hai creato tu questo account, puoi ignorare questa email.`,
  },
  pl: {
    codeSubject: 'Twój kod weryfikacyjny Lumenforge',
    codeBody: (code) =>
      `Twój kod weryfikacyjny to ${code}.\n\nWpisz go na stronie rejestracji w ciągu 30 minut. Jeśli nie próbujesz utworzyć Konta Lumenforge, zignoruj tę wiadomość.`,
    linkSubject: 'Potwierdź swój adres e-mail',
    linkBody: (link) =>
      `Potwierdź adres e-mail swojego Konta Lumenforge, otwierając ten link:\n\n${link}\n\nLink jest ważny przez 24 godziny. Jeśli to nie Ty zakładasz to konto, zignoruj tę wiadomość.`,
  },
  tr: {
    codeSubject: 'Lumenforge doğrulama kodun',
    codeBody: (code) =>
      `Doğrulama kodun: ${code}\n\nBu kodu 30 dakika içinde kayıt sayfasına gir. Bir Lumenforge Hesabı oluşturmaya çalışmadıysan bu e-postayı yok sayabilirsin.`,
    linkSubject: 'E-posta adresini doğrula',
    linkBody: (link) =>
      `Lumenforge Hesabının e-posta adresini doğrulamak için bu bağlantıyı aç:\n\n${link}\n\nBağlantı 24 saat geçerlidir. Bu hesabı sen oluşturmadıysan bu e-postayı yok sayabilirsin.`,
  },
  zh: {
    codeSubject: '你的 Lumenforge 驗證碼',
    codeBody: (code) =>
      `你的驗證碼是 ${code}。\n\n請在 30 分鐘內於註冊頁面輸入。如果你並未嘗試建立 Lumenforge 帳號，請忽略這封電子郵件。`,
    linkSubject: '驗證你的電子郵件地址',
    linkBody: (link) =>
      `請開啟以下連結，確認你的 Lumenforge 帳號電子郵件地址：\n\n${link}\n\n此連結在 24 小時內有效。如果你並未建立此帳號，請忽略這封電子郵件。`,
  },
  th: {
    codeSubject: 'รหัสยืนยัน Lumenforge ของคุณ',
    codeBody: (code) =>
      `รหัสยืนยันของคุณคือ ${code}\n\nโปรดกรอกรหัสนี้ในหน้าสมัครสมาชิกภายใน 30 นาที หากคุณไม่ได้พยายามสร้างบัญชี Lumenforge คุณสามารถเพิกเฉยต่ออีเมลนี้ได้`,
    linkSubject: 'ยืนยันที่อยู่อีเมลของคุณ',
    linkBody: (link) =>
      `ยืนยันที่อยู่อีเมลของบัญชี Lumenforge ของคุณโดยเปิดลิงก์นี้:\n\n${link}\n\nลิงก์นี้ใช้ได้ 24 ชั่วโมง หากคุณไม่ได้สร้างบัญชีนี้ คุณสามารถเพิกเฉยต่ออีเมลนี้ได้`,
  },
  ru: {
    codeSubject: 'Ваш код подтверждения Lumenforge',
    codeBody: (code) =>
      `Ваш код подтверждения: ${code}.\n\nВведите его на странице регистрации в течение 30 минут. Если вы не пытались создать аккаунт Lumenforge, просто проигнорируйте это письмо.`,
    linkSubject: 'Подтвердите адрес электронной почты',
    linkBody: (link) =>
      `Подтвердите адрес электронной почты своего аккаунта Lumenforge, открыв эту ссылку:\n\n${link}\n\nСсылка действительна 24 часа. Если вы не создавали этот аккаунт, просто проигнорируйте это письмо.`,
  },
  nl: {
    codeSubject: 'Je Lumenforge-verificatiecode',
    codeBody: (code) =>
      `Je verificatiecode is ${code}.\n\nVoer hem binnen 30 minuten in op de registratiepagina. Heb je niet geprobeerd een Lumenforge-account aan te maken? Dan kun je deze e-mail negeren.`,
    linkSubject: 'Bevestig je e-mailadres',
    linkBody: (link) =>
      `Bevestig het e-mailadres van je Lumenforge-account door deze link te openen:\n\n${link}\n\nDe link is 24 uur geldig. Heb je dit account niet aangemaakt? Dan kun je deze e-mail negeren.`,
  },
  ja: {
    codeSubject: 'Lumenforge 認証コード',
    codeBody: (code) =>
      `認証コードは ${code} です。\n\n30 分以内に登録ページで入力してください。Lumenforge アカウントの作成に心当たりがない場合は、このメールを無視してください。`,
    linkSubject: 'メールアドレスの確認',
    linkBody: (link) =>
      `次のリンクを開いて、Lumenforge アカウントのメールアドレスを確認してください。\n\n${link}\n\nこのリンクの有効期限は 24 時間です。このアカウントの作成に心当たりがない場合は、このメールを無視してください。`,
  },
};

export function signupCodeEmail(to: string, code: string, locale: Locale): EmailMessage {
  const t = SIGN_IN_EMAIL_TEXTS[locale];
  return { to, subject: t.codeSubject, text: t.codeBody(code), code };
}

export function verifyLinkEmail(to: string, link: string, locale: Locale): EmailMessage {
  const t = SIGN_IN_EMAIL_TEXTS[locale];
  return { to, subject: t.linkSubject, text: t.linkBody(link), link };
}
