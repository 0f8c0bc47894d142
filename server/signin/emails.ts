/**
 * The emails of sign-up and email verification, in the 13 interface
 * languages (the language the portal sent with the request). Plain text:
 * the providers send `text` only. Product names follow the portal's own
 * translations (src/locales/*.json `app.name`).
 */
import type { Locale } from '../../src/i18n/locales';
import type { EmailMessage } from '../core/providers/email';

interface Texts {
  codeSubject: string;
  codeBody: (code: string) => string;
  linkSubject: string;
  linkBody: (link: string) => string;
  /** To the owner of an address someone tried to sign up with (no code is sent: no account enumeration). */
  registeredSubject: string;
  registeredBody: (signIn: string) => string;
}

export const SIGN_IN_EMAIL_TEXTS: Readonly<Record<Locale, Texts>> = {
  en: {
    codeSubject: 'Your Lumenforge verification code',
    codeBody: (code) =>
      `Your verification code is ${code}.\n\nEnter it on the sign-up page within 30 minutes. If you did not try to create a Lumenforge Account, you can ignore this email.`,
    linkSubject: 'Verify your email address',
    linkBody: (link) =>
      `Confirm the email address of your Lumenforge Account by opening this link:\n\n${link}\n\nThe link is valid for 24 hours. If you did not create this account, you can ignore this email.`,
    registeredSubject: 'You already have a Lumenforge Account',
    registeredBody: (signIn) =>
      `Someone (probably you) tried to create a Lumenforge Account with this email address, but an account with this address already exists, so no verification code was sent.\n\nSign in here:\n\n${signIn}\n\nForgot your password? Choose "Can't sign in?" on the sign-in page. If you did not try to create an account, you can ignore this email: nothing has changed.`,
  },
  es: {
    codeSubject: 'Tu código de verificación de Lumenforge',
    codeBody: (code) =>
      `Tu código de verificación es ${code}.\n\nIngrésalo en la página de registro dentro de los próximos 30 minutos. Si no intentaste crear una Cuenta Lumenforge, puedes ignorar este correo.`,
    linkSubject: 'Verifica tu dirección de correo electrónico',
    linkBody: (link) =>
      `Confirma la dirección de correo de tu Cuenta Lumenforge abriendo este enlace:\n\n${link}\n\nEl enlace es válido durante 24 horas. Si no creaste esta cuenta, puedes ignorar este correo.`,
    registeredSubject: 'Ya tienes una Cuenta Lumenforge',
    registeredBody: (signIn) =>
      `Alguien (probablemente tú) intentó crear una Cuenta Lumenforge con esta dirección de correo, pero ya existe una cuenta con ella, así que no se envió ningún código de verificación.\n\nInicia sesión aquí:\n\n${signIn}\n\n¿Olvidaste tu contraseña? Elige «¿No puedes iniciar sesión?» en la página de inicio de sesión. Si no intentaste crear una cuenta, puedes ignorar este correo: no ha cambiado nada.`,
  },
  pt: {
    codeSubject: 'Seu código de verificação da Lumenforge',
    codeBody: (code) =>
      `Seu código de verificação é ${code}.\n\nDigite-o na página de cadastro em até 30 minutos. Se você não tentou criar uma Conta Lumenforge, ignore este e-mail.`,
    linkSubject: 'Confirme seu endereço de e-mail',
    linkBody: (link) =>
      `Confirme o endereço de e-mail da sua Conta Lumenforge abrindo este link:\n\n${link}\n\nO link é válido por 24 horas. Se você não criou esta conta, ignore este e-mail.`,
    registeredSubject: 'Você já tem uma Conta Lumenforge',
    registeredBody: (signIn) =>
      `Alguém (provavelmente você) tentou criar uma Conta Lumenforge com este endereço de e-mail, mas já existe uma conta com ele, então nenhum código de verificação foi enviado.\n\nEntre aqui:\n\n${signIn}\n\nEsqueceu a senha? Escolha "Não consegue entrar?" na página de login. Se você não tentou criar uma conta, ignore este e-mail: nada foi alterado.`,
  },
  de: {
    codeSubject: 'Dein Lumenforge-Bestätigungscode',
    codeBody: (code) =>
      `Dein Bestätigungscode lautet ${code}.\n\nGib ihn innerhalb von 30 Minuten auf der Registrierungsseite ein. Wenn du kein Lumenforge-Konto erstellen wolltest, kannst du diese E-Mail ignorieren.`,
    linkSubject: 'Bestätige deine E-Mail-Adresse',
    linkBody: (link) =>
      `Bestätige die E-Mail-Adresse deines Lumenforge-Kontos, indem du diesen Link öffnest:\n\n${link}\n\nDer Link ist 24 Stunden lang gültig. Wenn du dieses Konto nicht erstellt hast, kannst du diese E-Mail ignorieren.`,
    registeredSubject: 'Du hast bereits ein Lumenforge-Konto',
    registeredBody: (signIn) =>
      `Jemand (wahrscheinlich du) wollte mit dieser E-Mail-Adresse ein Lumenforge-Konto erstellen. Zu dieser Adresse gibt es aber schon ein Konto, deshalb wurde kein Bestätigungscode gesendet.\n\nHier anmelden:\n\n${signIn}\n\nPasswort vergessen? Wähle auf der Anmeldeseite „Probleme bei der Anmeldung?“. Wenn du kein Konto erstellen wolltest, kannst du diese E-Mail ignorieren: Es hat sich nichts geändert.`,
  },
  fr: {
    codeSubject: 'Votre code de vérification Lumenforge',
    codeBody: (code) =>
      `Votre code de vérification est ${code}.\n\nSaisissez-le sur la page d’inscription dans les 30 minutes. Si vous n’avez pas essayé de créer un Compte Lumenforge, vous pouvez ignorer cet e-mail.`,
    linkSubject: 'Vérifiez votre adresse e-mail',
    linkBody: (link) =>
      `Confirmez l’adresse e-mail de votre Compte Lumenforge en ouvrant ce lien :\n\n${link}\n\nCe lien est valable 24 heures. Si vous n’avez pas créé ce compte, vous pouvez ignorer cet e-mail.`,
    registeredSubject: 'Vous avez déjà un Compte Lumenforge',
    registeredBody: (signIn) =>
      `Quelqu’un (probablement vous) a essayé de créer un Compte Lumenforge avec cette adresse e-mail, mais un compte existe déjà avec cette adresse : aucun code de vérification n’a donc été envoyé.\n\nConnectez-vous ici :\n\n${signIn}\n\nMot de passe oublié ? Choisissez « Impossible de vous connecter ? » sur la page de connexion. Si vous n’avez pas essayé de créer un compte, vous pouvez ignorer cet e-mail : rien n’a changé.`,
  },
  it: {
    codeSubject: 'Il tuo codice di verifica Lumenforge',
    codeBody: (code) =>
      `Il tuo codice di verifica è ${code}.\n\nInseriscilo nella pagina di registrazione entro 30 minuti. Se non hai provato a creare un Account Lumenforge, puoi ignorare questa email.`,
    linkSubject: 'Verifica il tuo indirizzo email',
    linkBody: (link) =>
      `Conferma l’indirizzo email del tuo Account Lumenforge aprendo questo link:\n\n${link}\n\nIl link è valido per 24 ore. Se non hai creato tu questo account, puoi ignorare questa email.`,
    registeredSubject: 'Hai già un Account Lumenforge',
    registeredBody: (signIn) =>
      `Qualcuno (probabilmente tu) ha provato a creare un Account Lumenforge con questo indirizzo email, ma esiste già un account con questo indirizzo, quindi non è stato inviato alcun codice di verifica.\n\nAccedi qui:\n\n${signIn}\n\nHai dimenticato la password? Scegli "Non riesci ad accedere?" nella pagina di accesso. Se non hai provato a creare un account, puoi ignorare questa email: non è cambiato nulla.`,
  },
  pl: {
    codeSubject: 'Twój kod weryfikacyjny Lumenforge',
    codeBody: (code) =>
      `Twój kod weryfikacyjny to ${code}.\n\nWpisz go na stronie rejestracji w ciągu 30 minut. Jeśli nie próbujesz utworzyć Konta Lumenforge, zignoruj tę wiadomość.`,
    linkSubject: 'Potwierdź swój adres e-mail',
    linkBody: (link) =>
      `Potwierdź adres e-mail swojego Konta Lumenforge, otwierając ten link:\n\n${link}\n\nLink jest ważny przez 24 godziny. Jeśli to nie Ty zakładasz to konto, zignoruj tę wiadomość.`,
    registeredSubject: 'Masz już Konto Lumenforge',
    registeredBody: (signIn) =>
      `Ktoś (prawdopodobnie Ty) próbował utworzyć Konto Lumenforge z tym adresem e-mail, ale konto z tym adresem już istnieje, więc nie wysłaliśmy kodu weryfikacyjnego.\n\nZaloguj się tutaj:\n\n${signIn}\n\nNie pamiętasz hasła? Wybierz „Nie możesz się zalogować?” na stronie logowania. Jeśli to nie Ty próbowałeś utworzyć konto, zignoruj tę wiadomość: nic się nie zmieniło.`,
  },
  tr: {
    codeSubject: 'Lumenforge doğrulama kodun',
    codeBody: (code) =>
      `Doğrulama kodun: ${code}\n\nBu kodu 30 dakika içinde kayıt sayfasına gir. Bir Lumenforge Hesabı oluşturmaya çalışmadıysan bu e-postayı yok sayabilirsin.`,
    linkSubject: 'E-posta adresini doğrula',
    linkBody: (link) =>
      `Lumenforge Hesabının e-posta adresini doğrulamak için bu bağlantıyı aç:\n\n${link}\n\nBağlantı 24 saat geçerlidir. Bu hesabı sen oluşturmadıysan bu e-postayı yok sayabilirsin.`,
    registeredSubject: 'Zaten bir Lumenforge Hesabınız var',
    registeredBody: (signIn) =>
      `Biri (muhtemelen siz) bu e-posta adresiyle bir Lumenforge Hesabı oluşturmaya çalıştı, ancak bu adresle bir hesap zaten var; bu yüzden doğrulama kodu gönderilmedi.\n\nBuradan giriş yapın:\n\n${signIn}\n\nŞifrenizi mi unuttunuz? Giriş sayfasında "Giriş yapamıyor musunuz?" seçeneğini kullanın. Hesap oluşturmaya siz çalışmadıysanız bu e-postayı yok sayabilirsiniz: hiçbir şey değişmedi.`,
  },
  zh: {
    codeSubject: '你的 Lumenforge 驗證碼',
    codeBody: (code) =>
      `你的驗證碼是 ${code}。\n\n請在 30 分鐘內於註冊頁面輸入。如果你並未嘗試建立 Lumenforge 帳號，請忽略這封電子郵件。`,
    linkSubject: '驗證你的電子郵件地址',
    linkBody: (link) =>
      `請開啟以下連結，確認你的 Lumenforge 帳號電子郵件地址：\n\n${link}\n\n此連結在 24 小時內有效。如果你並未建立此帳號，請忽略這封電子郵件。`,
    registeredSubject: '您已擁有 Lumenforge 帳戶',
    registeredBody: (signIn) =>
      `有人（可能是您）嘗試使用此電子郵件地址建立 Lumenforge 帳戶，但此地址已有帳戶，因此未傳送驗證碼。\n\n請在此登入：\n\n${signIn}\n\n忘記密碼了嗎？請在登入頁面選擇「無法登入？」。如果您沒有嘗試建立帳戶，可以忽略這封電子郵件：一切都沒有變更。`,
  },
  th: {
    codeSubject: 'รหัสยืนยัน Lumenforge ของคุณ',
    codeBody: (code) =>
      `รหัสยืนยันของคุณคือ ${code}\n\nโปรดกรอกรหัสนี้ในหน้าสมัครสมาชิกภายใน 30 นาที หากคุณไม่ได้พยายามสร้างบัญชี Lumenforge คุณสามารถเพิกเฉยต่ออีเมลนี้ได้`,
    linkSubject: 'ยืนยันที่อยู่อีเมลของคุณ',
    linkBody: (link) =>
      `ยืนยันที่อยู่อีเมลของบัญชี Lumenforge ของคุณโดยเปิดลิงก์นี้:\n\n${link}\n\nลิงก์นี้ใช้ได้ 24 ชั่วโมง หากคุณไม่ได้สร้างบัญชีนี้ คุณสามารถเพิกเฉยต่ออีเมลนี้ได้`,
    registeredSubject: 'คุณมีบัญชี Lumenforge อยู่แล้ว',
    registeredBody: (signIn) =>
      `มีผู้ใช้ (อาจเป็นคุณ) พยายามสร้างบัญชี Lumenforge ด้วยอีเมลนี้ แต่มีบัญชีที่ใช้อีเมลนี้อยู่แล้ว จึงไม่ได้ส่งรหัสยืนยัน\n\nเข้าสู่ระบบที่นี่:\n\n${signIn}\n\nลืมรหัสผ่านใช่ไหม เลือก "เข้าสู่ระบบไม่ได้ใช่ไหม" ในหน้าเข้าสู่ระบบ หากคุณไม่ได้พยายามสร้างบัญชี คุณสามารถเพิกเฉยต่ออีเมลนี้ได้ ไม่มีสิ่งใดเปลี่ยนแปลง`,
  },
  ru: {
    codeSubject: 'Ваш код подтверждения Lumenforge',
    codeBody: (code) =>
      `Ваш код подтверждения: ${code}.\n\nВведите его на странице регистрации в течение 30 минут. Если вы не пытались создать аккаунт Lumenforge, просто проигнорируйте это письмо.`,
    linkSubject: 'Подтвердите адрес электронной почты',
    linkBody: (link) =>
      `Подтвердите адрес электронной почты своего аккаунта Lumenforge, открыв эту ссылку:\n\n${link}\n\nСсылка действительна 24 часа. Если вы не создавали этот аккаунт, просто проигнорируйте это письмо.`,
    registeredSubject: 'У вас уже есть аккаунт Lumenforge',
    registeredBody: (signIn) =>
      `Кто-то (вероятно, вы) попытался создать аккаунт Lumenforge с этим адресом электронной почты, но аккаунт с этим адресом уже существует, поэтому код подтверждения не отправлен.\n\nВойдите здесь:\n\n${signIn}\n\nЗабыли пароль? Выберите «Не удается войти?» на странице входа. Если вы не пытались создать аккаунт, просто проигнорируйте это письмо: ничего не изменилось.`,
  },
  nl: {
    codeSubject: 'Je Lumenforge-verificatiecode',
    codeBody: (code) =>
      `Je verificatiecode is ${code}.\n\nVoer hem binnen 30 minuten in op de registratiepagina. Heb je niet geprobeerd een Lumenforge-account aan te maken? Dan kun je deze e-mail negeren.`,
    linkSubject: 'Bevestig je e-mailadres',
    linkBody: (link) =>
      `Bevestig het e-mailadres van je Lumenforge-account door deze link te openen:\n\n${link}\n\nDe link is 24 uur geldig. Heb je dit account niet aangemaakt? Dan kun je deze e-mail negeren.`,
    registeredSubject: 'Je hebt al een Lumenforge-account',
    registeredBody: (signIn) =>
      `Iemand (waarschijnlijk jij) probeerde een Lumenforge-account te maken met dit e-mailadres, maar er bestaat al een account met dit adres. Er is daarom geen verificatiecode verstuurd.\n\nMeld je hier aan:\n\n${signIn}\n\nWachtwoord vergeten? Kies 'Kun je niet inloggen?' op de aanmeldpagina. Heb je niet geprobeerd een account te maken, dan kun je deze e-mail negeren: er is niets veranderd.`,
  },
  ja: {
    codeSubject: 'Lumenforge 認証コード',
    codeBody: (code) =>
      `認証コードは ${code} です。\n\n30 分以内に登録ページで入力してください。Lumenforge アカウントの作成に心当たりがない場合は、このメールを無視してください。`,
    linkSubject: 'メールアドレスの確認',
    linkBody: (link) =>
      `次のリンクを開いて、Lumenforge アカウントのメールアドレスを確認してください。\n\n${link}\n\nこのリンクの有効期限は 24 時間です。このアカウントの作成に心当たりがない場合は、このメールを無視してください。`,
    registeredSubject: 'Lumenforge アカウントはすでにお持ちです',
    registeredBody: (signIn) =>
      `このメールアドレスで Lumenforge アカウントを作成しようとした方がいます（おそらくご本人です）。このアドレスのアカウントはすでに存在するため、確認コードは送信していません。\n\nこちらからサインインしてください：\n\n${signIn}\n\nパスワードをお忘れの場合は、サインインページで「サインインできない場合」を選んでください。アカウントの作成に心当たりがない場合は、このメールを無視してください。変更は何も行われていません。`,
  },
};

export function signupCodeEmail(to: string, code: string, locale: Locale): EmailMessage {
  const t = SIGN_IN_EMAIL_TEXTS[locale];
  return { to, subject: t.codeSubject, text: t.codeBody(code), code };
}

export function alreadyRegisteredEmail(to: string, signIn: string, locale: Locale): EmailMessage {
  const t = SIGN_IN_EMAIL_TEXTS[locale];
  return { to, subject: t.registeredSubject, text: t.registeredBody(signIn), link: signIn };
}

export function verifyLinkEmail(to: string, link: string, locale: Locale): EmailMessage {
  const t = SIGN_IN_EMAIL_TEXTS[locale];
  return { to, subject: t.linkSubject, text: t.linkBody(link), link };
}
