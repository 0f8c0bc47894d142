/**
 * Emails of the profile settings (issue 12 part A): the code that proves a new
 * email address, the notices after an email change (the old address gets the
 * revert link), after a revert, and after a name or player-tag change. Every
 * locale has every text (the type enforces it); `{{name}}` placeholders are
 * the same in every locale (tests/unit/server/profile-texts.test.ts).
 */
import type { Locale } from '../../src/i18n/locales';

export interface ProfileNoticeTexts {
  /** {{time}} */
  when: string;
  emailCodeSubject: string;
  /** {{code}}, {{minutes}} */
  emailCodeBody: string;
  emailChangedSubject: string;
  /** To the old address. {{email}}: the new address. */
  emailChangedOld: string;
  /** To the new address. {{email}}: the new address. */
  emailChangedNew: string;
  /** {{link}}, {{days}} */
  revertBody: string;
  emailRevertedSubject: string;
  emailReverted: string;
  profileSubject: string;
  /** {{name}} */
  nameChanged: string;
  /** {{tag}} */
  playerTagChanged: string;
  notYou: string;
}

export const PROFILE_NOTICE_TEXTS: Readonly<Record<Locale, ProfileNoticeTexts>> = {
  en: {
    when: 'Time: {{time}}',
    emailCodeSubject: 'Confirm your new email address',
    emailCodeBody:
      'Your code to confirm this address for your Lumenforge Account is {{code}}. It expires in {{minutes}} minutes. If you did not ask to change your email, ignore this message.',
    emailChangedSubject: 'The email address of your Lumenforge Account changed',
    emailChangedOld: 'The email address of your Lumenforge Account was changed to {{email}}.',
    emailChangedNew: 'This address ({{email}}) is now the email address of your Lumenforge Account.',
    revertBody:
      'If you did not make this change, open this link to put this address back and sign everyone out (valid for {{days}} days, once):\n\n{{link}}',
    emailRevertedSubject: 'Your email address was restored',
    emailReverted:
      'The email address of your Lumenforge Account was changed back to this address. Every session was signed out. Change your password now.',
    profileSubject: 'Your Lumenforge Account profile changed',
    nameChanged: 'Your name was changed to {{name}}.',
    playerTagChanged: 'Your player tag is now {{tag}}.',
    notYou: 'If you did not make this change, change your password right away and contact support.',
  },
  es: {
    when: 'Fecha y hora: {{time}}',
    emailCodeSubject: 'Confirma tu nueva dirección de correo',
    emailCodeBody:
      'Tu código para confirmar esta dirección en tu Cuenta Lumenforge es {{code}}. Caduca en {{minutes}} minutos. Si no pediste cambiar tu correo, ignora este mensaje.',
    emailChangedSubject: 'Cambió la dirección de correo de tu Cuenta Lumenforge',
    emailChangedOld: 'La dirección de correo de tu Cuenta Lumenforge se cambió a {{email}}.',
    emailChangedNew: 'Esta dirección ({{email}}) es ahora el correo de tu Cuenta Lumenforge.',
    revertBody:
      'Si no hiciste este cambio, abre este enlace para recuperar esta dirección y cerrar todas las sesiones (válido {{days}} días, una sola vez):\n\n{{link}}',
    emailRevertedSubject: 'Se restauró tu dirección de correo',
    emailReverted:
      'La dirección de correo de tu Cuenta Lumenforge volvió a ser esta. Se cerraron todas las sesiones. Cambia tu contraseña ahora.',
    profileSubject: 'Cambió el perfil de tu Cuenta Lumenforge',
    nameChanged: 'Tu nombre se cambió a {{name}}.',
    playerTagChanged: 'Tu etiqueta de jugador ahora es {{tag}}.',
    notYou: 'Si no hiciste este cambio, cambia tu contraseña de inmediato y contacta con soporte.',
  },
  pt: {
    when: 'Data e hora: {{time}}',
    emailCodeSubject: 'Confirme seu novo endereço de e-mail',
    emailCodeBody:
      'Seu código para confirmar este endereço na sua Conta Lumenforge é {{code}}. Ele expira em {{minutes}} minutos. Se você não pediu para trocar seu e-mail, ignore esta mensagem.',
    emailChangedSubject: 'O e-mail da sua Conta Lumenforge mudou',
    emailChangedOld: 'O endereço de e-mail da sua Conta Lumenforge foi alterado para {{email}}.',
    emailChangedNew: 'Este endereço ({{email}}) agora é o e-mail da sua Conta Lumenforge.',
    revertBody:
      'Se não foi você, abra este link para restaurar este endereço e desconectar todas as sessões (válido por {{days}} dias, uma vez):\n\n{{link}}',
    emailRevertedSubject: 'Seu endereço de e-mail foi restaurado',
    emailReverted:
      'O e-mail da sua Conta Lumenforge voltou a ser este endereço. Todas as sessões foram encerradas. Troque sua senha agora.',
    profileSubject: 'O perfil da sua Conta Lumenforge mudou',
    nameChanged: 'Seu nome foi alterado para {{name}}.',
    playerTagChanged: 'Sua tag de jogador agora é {{tag}}.',
    notYou: 'Se não foi você, troque sua senha imediatamente e fale com o suporte.',
  },
  de: {
    when: 'Zeitpunkt: {{time}}',
    emailCodeSubject: 'Bestätige deine neue E-Mail-Adresse',
    emailCodeBody:
      'Dein Code zur Bestätigung dieser Adresse für dein Lumenforge-Konto lautet {{code}}. Er läuft in {{minutes}} Minuten ab. Wenn du keine Änderung deiner E-Mail angefordert hast, ignoriere diese Nachricht.',
    emailChangedSubject: 'Die E-Mail-Adresse deines Lumenforge-Kontos wurde geändert',
    emailChangedOld: 'Die E-Mail-Adresse deines Lumenforge-Kontos wurde in {{email}} geändert.',
    emailChangedNew: 'Diese Adresse ({{email}}) ist jetzt die E-Mail-Adresse deines Lumenforge-Kontos.',
    revertBody:
      'Wenn du das nicht warst, öffne diesen Link, um diese Adresse wiederherzustellen und alle abzumelden (einmal gültig, {{days}} Tage lang):\n\n{{link}}',
    emailRevertedSubject: 'Deine E-Mail-Adresse wurde wiederhergestellt',
    emailReverted:
      'Die E-Mail-Adresse deines Lumenforge-Kontos ist wieder diese Adresse. Alle Sitzungen wurden abgemeldet. Ändere jetzt dein Passwort.',
    profileSubject: 'Das Profil deines Lumenforge-Kontos wurde geändert',
    nameChanged: 'Dein Name wurde in {{name}} geändert.',
    playerTagChanged: 'Dein Spieler-Tag lautet jetzt {{tag}}.',
    notYou: 'Wenn du das nicht warst, ändere sofort dein Passwort und wende dich an den Support.',
  },
  fr: {
    when: 'Date et heure : {{time}}',
    emailCodeSubject: 'Confirmez votre nouvelle adresse e-mail',
    emailCodeBody:
      'Votre code pour confirmer cette adresse pour votre compte Lumenforge est {{code}}. Il expire dans {{minutes}} minutes. Si vous n’avez pas demandé à changer d’adresse, ignorez ce message.',
    emailChangedSubject: 'L’adresse e-mail de votre compte Lumenforge a changé',
    emailChangedOld: 'L’adresse e-mail de votre compte Lumenforge a été remplacée par {{email}}.',
    emailChangedNew: 'Cette adresse ({{email}}) est désormais l’adresse e-mail de votre compte Lumenforge.',
    revertBody:
      'Si vous n’êtes pas à l’origine de ce changement, ouvrez ce lien pour rétablir cette adresse et déconnecter toutes les sessions (valable {{days}} jours, une seule fois) :\n\n{{link}}',
    emailRevertedSubject: 'Votre adresse e-mail a été rétablie',
    emailReverted:
      'L’adresse e-mail de votre compte Lumenforge est de nouveau celle-ci. Toutes les sessions ont été déconnectées. Changez votre mot de passe dès maintenant.',
    profileSubject: 'Le profil de votre compte Lumenforge a changé',
    nameChanged: 'Votre nom est désormais {{name}}.',
    playerTagChanged: 'Votre tag de joueur est désormais {{tag}}.',
    notYou:
      'Si vous n’êtes pas à l’origine de ce changement, changez votre mot de passe immédiatement et contactez l’assistance.',
  },
  it: {
    when: 'Data e ora: {{time}}',
    emailCodeSubject: 'Conferma il tuo nuovo indirizzo email',
    emailCodeBody:
      'Il tuo codice per confermare questo indirizzo per il tuo Account Lumenforge è {{code}}. Scade tra {{minutes}} minuti. Se non hai chiesto di cambiare email, ignora questo messaggio.',
    emailChangedSubject: 'L’indirizzo email del tuo Account Lumenforge è cambiato',
    emailChangedOld: 'L’indirizzo email del tuo Account Lumenforge è stato cambiato in {{email}}.',
    emailChangedNew: 'Questo indirizzo ({{email}}) è ora l’email del tuo Account Lumenforge.',
    revertBody:
      'Se non sei stato tu, apri questo link per ripristinare questo indirizzo e disconnettere tutte le sessioni (valido {{days}} giorni, una sola volta):\n\n{{link}}',
    emailRevertedSubject: 'Il tuo indirizzo email è stato ripristinato',
    emailReverted:
      'L’email del tuo Account Lumenforge è tornata a essere questo indirizzo. Tutte le sessioni sono state disconnesse. Cambia subito la password.',
    profileSubject: 'Il profilo del tuo Account Lumenforge è cambiato',
    nameChanged: 'Il tuo nome è stato cambiato in {{name}}.',
    playerTagChanged: 'Il tuo tag giocatore ora è {{tag}}.',
    notYou: 'Se non sei stato tu, cambia subito la password e contatta l’assistenza.',
  },
  pl: {
    when: 'Data i godzina: {{time}}',
    emailCodeSubject: 'Potwierdź nowy adres e-mail',
    emailCodeBody:
      'Twój kod potwierdzający ten adres dla Konta Lumenforge to {{code}}. Wygasa za {{minutes}} min. Jeśli nie prosiłeś o zmianę adresu e-mail, zignoruj tę wiadomość.',
    emailChangedSubject: 'Adres e-mail Twojego Konta Lumenforge został zmieniony',
    emailChangedOld: 'Adres e-mail Twojego Konta Lumenforge został zmieniony na {{email}}.',
    emailChangedNew: 'Ten adres ({{email}}) jest teraz adresem e-mail Twojego Konta Lumenforge.',
    revertBody:
      'Jeśli to nie Ty, otwórz ten link, aby przywrócić ten adres i wylogować wszystkie sesje (ważny {{days}} dni, jednorazowo):\n\n{{link}}',
    emailRevertedSubject: 'Twój adres e-mail został przywrócony',
    emailReverted:
      'Adresem e-mail Twojego Konta Lumenforge znowu jest ten adres. Wszystkie sesje zostały wylogowane. Zmień teraz hasło.',
    profileSubject: 'Profil Twojego Konta Lumenforge został zmieniony',
    nameChanged: 'Twoje imię i nazwisko zmieniono na {{name}}.',
    playerTagChanged: 'Twój tag gracza to teraz {{tag}}.',
    notYou: 'Jeśli to nie Ty, natychmiast zmień hasło i skontaktuj się z pomocą techniczną.',
  },
  tr: {
    when: 'Tarih ve saat: {{time}}',
    emailCodeSubject: 'Yeni e-posta adresini onayla',
    emailCodeBody:
      'Bu adresi Lumenforge Hesabın için onaylama kodun {{code}}. {{minutes}} dakika içinde geçersiz olur. E-posta değişikliği istemediysen bu mesajı yok say.',
    emailChangedSubject: 'Lumenforge Hesabının e-posta adresi değişti',
    emailChangedOld: 'Lumenforge Hesabının e-posta adresi {{email}} olarak değiştirildi.',
    emailChangedNew: 'Bu adres ({{email}}) artık Lumenforge Hesabının e-posta adresi.',
    revertBody:
      'Bu değişikliği sen yapmadıysan, bu adresi geri almak ve tüm oturumları kapatmak için bu bağlantıyı aç ({{days}} gün, bir kez geçerli):\n\n{{link}}',
    emailRevertedSubject: 'E-posta adresin geri yüklendi',
    emailReverted:
      'Lumenforge Hesabının e-posta adresi yeniden bu adres oldu. Tüm oturumlar kapatıldı. Şifreni hemen değiştir.',
    profileSubject: 'Lumenforge Hesabının profili değişti',
    nameChanged: 'Adın {{name}} olarak değiştirildi.',
    playerTagChanged: 'Oyuncu etiketin artık {{tag}}.',
    notYou: 'Bu değişikliği sen yapmadıysan şifreni hemen değiştir ve destek ekibine başvur.',
  },
  zh: {
    when: '時間：{{time}}',
    emailCodeSubject: '確認你的新電子郵件地址',
    emailCodeBody:
      '用於為你的 Lumenforge 帳號確認此地址的驗證碼為 {{code}}，將在 {{minutes}} 分鐘後失效。若你未要求變更電子郵件，請忽略此訊息。',
    emailChangedSubject: '你的 Lumenforge 帳號電子郵件地址已變更',
    emailChangedOld: '你的 Lumenforge 帳號電子郵件地址已變更為 {{email}}。',
    emailChangedNew: '此地址（{{email}}）現在是你的 Lumenforge 帳號電子郵件地址。',
    revertBody:
      '若這不是你本人的操作，請開啟此連結以恢復此地址並登出所有工作階段（{{days}} 天內有效，僅限一次）：\n\n{{link}}',
    emailRevertedSubject: '你的電子郵件地址已恢復',
    emailReverted: '你的 Lumenforge 帳號電子郵件地址已改回此地址，所有工作階段皆已登出。請立即變更密碼。',
    profileSubject: '你的 Lumenforge 帳號個人資料已變更',
    nameChanged: '你的姓名已變更為 {{name}}。',
    playerTagChanged: '你的玩家標籤現在是 {{tag}}。',
    notYou: '若這不是你本人的操作，請立即變更密碼並聯絡客服。',
  },
  th: {
    when: 'เวลา: {{time}}',
    emailCodeSubject: 'ยืนยันที่อยู่อีเมลใหม่ของคุณ',
    emailCodeBody:
      'รหัสสำหรับยืนยันที่อยู่นี้สำหรับบัญชี Lumenforge ของคุณคือ {{code}} รหัสจะหมดอายุใน {{minutes}} นาที หากคุณไม่ได้ขอเปลี่ยนอีเมล โปรดเพิกเฉยต่อข้อความนี้',
    emailChangedSubject: 'ที่อยู่อีเมลของบัญชี Lumenforge ของคุณมีการเปลี่ยนแปลง',
    emailChangedOld: 'ที่อยู่อีเมลของบัญชี Lumenforge ของคุณถูกเปลี่ยนเป็น {{email}}',
    emailChangedNew: 'ที่อยู่นี้ ({{email}}) เป็นอีเมลของบัญชี Lumenforge ของคุณแล้ว',
    revertBody:
      'หากคุณไม่ได้ทำการเปลี่ยนแปลงนี้ ให้เปิดลิงก์นี้เพื่อคืนที่อยู่นี้และออกจากระบบทุกเซสชัน (ใช้ได้ {{days}} วัน ครั้งเดียว):\n\n{{link}}',
    emailRevertedSubject: 'ที่อยู่อีเมลของคุณได้รับการคืนค่าแล้ว',
    emailReverted: 'อีเมลของบัญชี Lumenforge ของคุณถูกเปลี่ยนกลับเป็นที่อยู่นี้แล้ว ทุกเซสชันถูกออกจากระบบ โปรดเปลี่ยนรหัสผ่านทันที',
    profileSubject: 'โปรไฟล์บัญชี Lumenforge ของคุณมีการเปลี่ยนแปลง',
    nameChanged: 'ชื่อของคุณถูกเปลี่ยนเป็น {{name}}',
    playerTagChanged: 'แท็กผู้เล่นของคุณตอนนี้คือ {{tag}}',
    notYou: 'หากคุณไม่ได้ทำการเปลี่ยนแปลงนี้ โปรดเปลี่ยนรหัสผ่านทันทีและติดต่อฝ่ายสนับสนุน',
  },
  ru: {
    when: 'Время: {{time}}',
    emailCodeSubject: 'Подтвердите новый адрес электронной почты',
    emailCodeBody:
      'Ваш код для подтверждения этого адреса в аккаунте Lumenforge: {{code}}. Он действует {{minutes}} мин. Если вы не просили сменить адрес, проигнорируйте это письмо.',
    emailChangedSubject: 'Адрес электронной почты аккаунта Lumenforge изменён',
    emailChangedOld: 'Адрес электронной почты вашего аккаунта Lumenforge изменён на {{email}}.',
    emailChangedNew: 'Этот адрес ({{email}}) теперь адрес электронной почты вашего аккаунта Lumenforge.',
    revertBody:
      'Если это были не вы, откройте эту ссылку, чтобы вернуть этот адрес и завершить все сеансы (действует {{days}} дн., один раз):\n\n{{link}}',
    emailRevertedSubject: 'Ваш адрес электронной почты восстановлен',
    emailReverted:
      'Адресом электронной почты аккаунта Lumenforge снова стал этот адрес. Все сеансы завершены. Смените пароль прямо сейчас.',
    profileSubject: 'Профиль вашего аккаунта Lumenforge изменён',
    nameChanged: 'Ваше имя изменено на {{name}}.',
    playerTagChanged: 'Ваш тег игрока теперь {{tag}}.',
    notYou: 'Если это были не вы, немедленно смените пароль и обратитесь в поддержку.',
  },
  nl: {
    when: 'Tijdstip: {{time}}',
    emailCodeSubject: 'Bevestig je nieuwe e-mailadres',
    emailCodeBody:
      'Je code om dit adres voor je Lumenforge-account te bevestigen is {{code}}. De code verloopt over {{minutes}} minuten. Heb je niet gevraagd je e-mailadres te wijzigen, negeer dit bericht dan.',
    emailChangedSubject: 'Het e-mailadres van je Lumenforge-account is gewijzigd',
    emailChangedOld: 'Het e-mailadres van je Lumenforge-account is gewijzigd in {{email}}.',
    emailChangedNew: 'Dit adres ({{email}}) is nu het e-mailadres van je Lumenforge-account.',
    revertBody:
      'Heb je dit niet zelf gedaan, open dan deze link om dit adres terug te zetten en iedereen af te melden ({{days}} dagen geldig, één keer):\n\n{{link}}',
    emailRevertedSubject: 'Je e-mailadres is hersteld',
    emailReverted:
      'Het e-mailadres van je Lumenforge-account is weer dit adres. Alle sessies zijn afgemeld. Wijzig nu je wachtwoord.',
    profileSubject: 'Het profiel van je Lumenforge-account is gewijzigd',
    nameChanged: 'Je naam is gewijzigd in {{name}}.',
    playerTagChanged: 'Je spelerstag is nu {{tag}}.',
    notYou: 'Heb je dit niet zelf gedaan, wijzig dan meteen je wachtwoord en neem contact op met support.',
  },
  ja: {
    when: '日時：{{time}}',
    emailCodeSubject: '新しいメールアドレスを確認してください',
    emailCodeBody:
      'Lumenforge アカウントでこのアドレスを確認するためのコードは {{code}} です。有効期限は {{minutes}} 分です。メールアドレスの変更を依頼していない場合は、このメッセージを無視してください。',
    emailChangedSubject: 'Lumenforge アカウントのメールアドレスが変更されました',
    emailChangedOld: 'Lumenforge アカウントのメールアドレスが {{email}} に変更されました。',
    emailChangedNew: 'このアドレス（{{email}}）が Lumenforge アカウントのメールアドレスになりました。',
    revertBody:
      'この変更に心当たりがない場合は、このリンクを開いてこのアドレスに戻し、すべてのセッションをログアウトしてください（{{days}} 日間、1 回のみ有効）：\n\n{{link}}',
    emailRevertedSubject: 'メールアドレスが元に戻されました',
    emailReverted:
      'Lumenforge アカウントのメールアドレスがこのアドレスに戻りました。すべてのセッションがログアウトされました。今すぐパスワードを変更してください。',
    profileSubject: 'Lumenforge アカウントのプロフィールが変更されました',
    nameChanged: '氏名が {{name}} に変更されました。',
    playerTagChanged: 'プレイヤータグが {{tag}} になりました。',
    notYou: 'この変更に心当たりがない場合は、すぐにパスワードを変更し、サポートにお問い合わせください。',
  },
};
