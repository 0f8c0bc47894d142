/**
 * Texts of the emails of issue 18: the notice after a passkey is added or
 * removed, the new-device and failed-second-step alerts with their "this
 * wasn't me" link, and the confirmation once the account is secured. Every
 * locale has every text (the type enforces it); `{{name}}` placeholders are
 * identical across locales (tests/unit/server/passkey-texts.test.ts).
 */
import type { Locale } from '../../../src/i18n/locales';

export interface PasskeyTexts {
  /** {{name}} */
  passkeyAdded: string;
  /** {{name}} */
  passkeyRemoved: string;
  newDeviceSubject: string;
  newDevice: string;
  /** {{device}} */
  device: string;
  /** {{country}} */
  location: string;
  unknown: string;
  failedSubject: string;
  /** {{count}} */
  failed: string;
  /** {{link}} */
  notMe: string;
  ifYou: string;
  securedSubject: string;
  secured: string;
}

export const PASSKEY_TEXTS: Record<Locale, PasskeyTexts> = {
  en: {
    passkeyAdded: 'A passkey was added to your account: {{name}}.',
    passkeyRemoved: 'A passkey was removed from your account: {{name}}.',
    newDeviceSubject: 'New sign-in to your Lumenforge Account',
    newDevice: 'Someone just signed in to your account from a device and browser it has not used before.',
    device: 'Device: {{device}}',
    location: 'Approximate location: {{country}}',
    unknown: 'unknown',
    failedSubject: 'Failed sign-in verification on your Lumenforge Account',
    failed: 'Someone entered your password correctly but failed the two-step verification {{count}} times.',
    notMe:
      'If this wasn’t you, secure your account now: this link signs out every session and lets you choose a new password (valid for 7 days):\n{{link}}',
    ifYou:
      'If this was you, you can ignore this email. You can turn these alerts off in your communication preferences.',
    securedSubject: 'Your Lumenforge Account is secured',
    secured: 'Your password was changed and every session of your account was signed out, as you asked.',
  },
  es: {
    passkeyAdded: 'Se agregó una llave de acceso a tu cuenta: {{name}}.',
    passkeyRemoved: 'Se eliminó una llave de acceso de tu cuenta: {{name}}.',
    newDeviceSubject: 'Nuevo inicio de sesión en tu Cuenta Lumenforge',
    newDevice: 'Se acaba de iniciar sesión en tu cuenta desde un dispositivo y navegador que no había usado antes.',
    device: 'Dispositivo: {{device}}',
    location: 'Ubicación aproximada: {{country}}',
    unknown: 'desconocida',
    failedSubject: 'Verificación de inicio de sesión fallida en tu Cuenta Lumenforge',
    failed: 'Alguien introdujo tu contraseña correctamente, pero falló la verificación en dos pasos {{count}} veces.',
    notMe:
      'Si no fuiste tú, protege tu cuenta ahora: este enlace cierra todas las sesiones y te permite elegir una contraseña nueva (válido durante 7 días):\n{{link}}',
    ifYou:
      'Si fuiste tú, puedes ignorar este correo. Puedes desactivar estas alertas en tus preferencias de comunicación.',
    securedSubject: 'Tu Cuenta Lumenforge está protegida',
    secured: 'Se cambió tu contraseña y se cerraron todas las sesiones de tu cuenta, como pediste.',
  },
  pt: {
    passkeyAdded: 'Uma chave de acesso foi adicionada à sua conta: {{name}}.',
    passkeyRemoved: 'Uma chave de acesso foi removida da sua conta: {{name}}.',
    newDeviceSubject: 'Novo login na sua Conta Lumenforge',
    newDevice: 'Acabaram de entrar na sua conta a partir de um dispositivo e navegador que ela nunca tinha usado.',
    device: 'Dispositivo: {{device}}',
    location: 'Local aproximado: {{country}}',
    unknown: 'desconhecido',
    failedSubject: 'Falha na verificação de login da sua Conta Lumenforge',
    failed: 'Alguém digitou sua senha corretamente, mas falhou na verificação em duas etapas {{count}} vezes.',
    notMe:
      'Se não foi você, proteja sua conta agora: este link encerra todas as sessões e permite escolher uma nova senha (válido por 7 dias):\n{{link}}',
    ifYou: 'Se foi você, ignore este e-mail. Você pode desativar estes alertas nas suas preferências de comunicação.',
    securedSubject: 'Sua Conta Lumenforge está protegida',
    secured: 'Sua senha foi alterada e todas as sessões da sua conta foram encerradas, como você pediu.',
  },
  de: {
    passkeyAdded: 'Deinem Konto wurde ein Passkey hinzugefügt: {{name}}.',
    passkeyRemoved: 'Ein Passkey wurde aus deinem Konto entfernt: {{name}}.',
    newDeviceSubject: 'Neue Anmeldung bei deinem Lumenforge-Konto',
    newDevice:
      'Bei deinem Konto wurde sich gerade von einem Gerät und Browser angemeldet, die es noch nie benutzt hat.',
    device: 'Gerät: {{device}}',
    location: 'Ungefährer Standort: {{country}}',
    unknown: 'unbekannt',
    failedSubject: 'Fehlgeschlagene Anmeldebestätigung bei deinem Lumenforge-Konto',
    failed:
      'Jemand hat dein Passwort richtig eingegeben, ist aber {{count}}-mal an der Bestätigung in zwei Schritten gescheitert.',
    notMe:
      'Wenn du das nicht warst, sichere dein Konto jetzt: Dieser Link meldet alle Sitzungen ab und lässt dich ein neues Passwort wählen (7 Tage gültig):\n{{link}}',
    ifYou:
      'Wenn du das warst, kannst du diese E-Mail ignorieren. Diese Warnungen kannst du in deinen Kommunikationseinstellungen ausschalten.',
    securedSubject: 'Dein Lumenforge-Konto ist gesichert',
    secured: 'Dein Passwort wurde geändert und alle Sitzungen deines Kontos wurden abgemeldet, wie gewünscht.',
  },
  fr: {
    passkeyAdded: 'Une clé d’accès a été ajoutée à votre compte : {{name}}.',
    passkeyRemoved: 'Une clé d’accès a été supprimée de votre compte : {{name}}.',
    newDeviceSubject: 'Nouvelle connexion à votre Compte Lumenforge',
    newDevice:
      'Quelqu’un vient de se connecter à votre compte depuis un appareil et un navigateur jamais utilisés auparavant.',
    device: 'Appareil : {{device}}',
    location: 'Emplacement approximatif : {{country}}',
    unknown: 'inconnu',
    failedSubject: 'Échec de la vérification de connexion sur votre Compte Lumenforge',
    failed:
      'Quelqu’un a saisi votre mot de passe correctement mais a échoué {{count}} fois à la vérification en deux étapes.',
    notMe:
      'Si ce n’était pas vous, sécurisez votre compte maintenant : ce lien déconnecte toutes les sessions et vous permet de choisir un nouveau mot de passe (valable 7 jours) :\n{{link}}',
    ifYou:
      'Si c’était vous, vous pouvez ignorer cet e-mail. Vous pouvez désactiver ces alertes dans vos préférences de communication.',
    securedSubject: 'Votre Compte Lumenforge est sécurisé',
    secured: 'Votre mot de passe a été modifié et toutes les sessions de votre compte ont été fermées, comme demandé.',
  },
  it: {
    passkeyAdded: 'È stata aggiunta una passkey al tuo account: {{name}}.',
    passkeyRemoved: 'È stata rimossa una passkey dal tuo account: {{name}}.',
    newDeviceSubject: 'Nuovo accesso al tuo Account Lumenforge',
    newDevice: 'È appena stato effettuato l’accesso al tuo account da un dispositivo e un browser mai usati prima.',
    device: 'Dispositivo: {{device}}',
    location: 'Posizione approssimativa: {{country}}',
    unknown: 'sconosciuta',
    failedSubject: 'Verifica di accesso non riuscita sul tuo Account Lumenforge',
    failed:
      'Qualcuno ha inserito correttamente la tua password ma non ha superato la verifica in due passaggi {{count}} volte.',
    notMe:
      'Se non sei stato tu, proteggi subito il tuo account: questo link chiude tutte le sessioni e ti permette di scegliere una nuova password (valido 7 giorni):\n{{link}}',
    ifYou:
      'Se sei stato tu, puoi ignorare questa email. Puoi disattivare questi avvisi nelle preferenze di comunicazione.',
    securedSubject: 'Il tuo Account Lumenforge è protetto',
    secured: 'La tua password è stata cambiata e tutte le sessioni del tuo account sono state chiuse, come richiesto.',
  },
  pl: {
    passkeyAdded: 'Do Twojego konta dodano klucz dostępu: {{name}}.',
    passkeyRemoved: 'Z Twojego konta usunięto klucz dostępu: {{name}}.',
    newDeviceSubject: 'Nowe logowanie do Twojego Konta Lumenforge',
    newDevice: 'Ktoś właśnie zalogował się na Twoje konto z urządzenia i przeglądarki, których wcześniej nie używało.',
    device: 'Urządzenie: {{device}}',
    location: 'Przybliżona lokalizacja: {{country}}',
    unknown: 'nieznana',
    failedSubject: 'Nieudana weryfikacja logowania na Twoim Koncie Lumenforge',
    failed: 'Ktoś poprawnie wpisał Twoje hasło, ale {{count}} razy nie przeszedł weryfikacji dwuetapowej.',
    notMe:
      'Jeśli to nie Ty, zabezpiecz konto teraz: ten link wyloguje wszystkie sesje i pozwoli ustawić nowe hasło (ważny 7 dni):\n{{link}}',
    ifYou: 'Jeśli to Ty, zignoruj tę wiadomość. Te alerty możesz wyłączyć w preferencjach komunikacji.',
    securedSubject: 'Twoje Konto Lumenforge jest zabezpieczone',
    secured: 'Zgodnie z prośbą zmieniono hasło i wylogowano wszystkie sesje Twojego konta.',
  },
  tr: {
    passkeyAdded: 'Hesabına bir geçiş anahtarı eklendi: {{name}}.',
    passkeyRemoved: 'Hesabından bir geçiş anahtarı kaldırıldı: {{name}}.',
    newDeviceSubject: 'Lumenforge Hesabına yeni oturum açıldı',
    newDevice: 'Hesabına daha önce hiç kullanmadığı bir cihaz ve tarayıcıdan az önce oturum açıldı.',
    device: 'Cihaz: {{device}}',
    location: 'Yaklaşık konum: {{country}}',
    unknown: 'bilinmiyor',
    failedSubject: 'Lumenforge Hesabında başarısız oturum açma doğrulaması',
    failed: 'Birisi şifreni doğru girdi ancak iki adımlı doğrulamada {{count}} kez başarısız oldu.',
    notMe:
      'Bu sen değilsen hesabını şimdi güvene al: bu bağlantı tüm oturumları kapatır ve yeni bir şifre seçmeni sağlar (7 gün geçerli):\n{{link}}',
    ifYou: 'Bu sensen bu e-postayı yok sayabilirsin. Bu uyarıları iletişim tercihlerinden kapatabilirsin.',
    securedSubject: 'Lumenforge Hesabın güvende',
    secured: 'İsteğin üzerine şifren değiştirildi ve hesabının tüm oturumları kapatıldı.',
  },
  zh: {
    passkeyAdded: '你的帳號已新增通行金鑰：{{name}}。',
    passkeyRemoved: '你的帳號已移除通行金鑰：{{name}}。',
    newDeviceSubject: '你的 Lumenforge 帳號有新的登入',
    newDevice: '剛剛有人從這個帳號從未使用過的裝置和瀏覽器登入了你的帳號。',
    device: '裝置：{{device}}',
    location: '大致位置：{{country}}',
    unknown: '不明',
    failedSubject: '你的 Lumenforge 帳號登入驗證失敗',
    failed: '有人正確輸入了你的密碼，但兩步驟驗證失敗了 {{count}} 次。',
    notMe:
      '如果這不是你本人，請立即保護你的帳號：這個連結會登出所有工作階段，並讓你設定新密碼（7 天內有效）：\n{{link}}',
    ifYou: '如果這是你本人，可以忽略這封郵件。你可以在通訊偏好設定中關閉這些提醒。',
    securedSubject: '你的 Lumenforge 帳號已受到保護',
    secured: '已依你的要求變更密碼，並登出你帳號的所有工作階段。',
  },
  th: {
    passkeyAdded: 'มีการเพิ่มพาสคีย์ในบัญชีของคุณ: {{name}}',
    passkeyRemoved: 'มีการนำพาสคีย์ออกจากบัญชีของคุณ: {{name}}',
    newDeviceSubject: 'มีการลงชื่อเข้าใช้ใหม่ในบัญชี Lumenforge ของคุณ',
    newDevice: 'มีการลงชื่อเข้าใช้บัญชีของคุณจากอุปกรณ์และเบราว์เซอร์ที่บัญชีนี้ไม่เคยใช้มาก่อน',
    device: 'อุปกรณ์: {{device}}',
    location: 'ตำแหน่งโดยประมาณ: {{country}}',
    unknown: 'ไม่ทราบ',
    failedSubject: 'การยืนยันการลงชื่อเข้าใช้บัญชี Lumenforge ของคุณล้มเหลว',
    failed: 'มีผู้ป้อนรหัสผ่านของคุณถูกต้อง แต่ยืนยันแบบสองขั้นตอนไม่ผ่าน {{count}} ครั้ง',
    notMe: 'หากไม่ใช่คุณ โปรดรักษาความปลอดภัยบัญชีทันที: ลิงก์นี้จะออกจากระบบทุกเซสชันและให้คุณตั้งรหัสผ่านใหม่ (ใช้ได้ 7 วัน):\n{{link}}',
    ifYou: 'หากเป็นคุณ คุณไม่ต้องสนใจอีเมลนี้ คุณปิดการแจ้งเตือนเหล่านี้ได้ในการตั้งค่าการติดต่อสื่อสาร',
    securedSubject: 'บัญชี Lumenforge ของคุณปลอดภัยแล้ว',
    secured: 'เปลี่ยนรหัสผ่านและออกจากระบบทุกเซสชันของบัญชีคุณแล้วตามที่คุณขอ',
  },
  ru: {
    passkeyAdded: 'В ваш аккаунт добавлен ключ доступа: {{name}}.',
    passkeyRemoved: 'Из вашего аккаунта удалён ключ доступа: {{name}}.',
    newDeviceSubject: 'Новый вход в ваш аккаунт Lumenforge',
    newDevice: 'Только что в ваш аккаунт вошли с устройства и браузера, которые раньше не использовались.',
    device: 'Устройство: {{device}}',
    location: 'Примерное местоположение: {{country}}',
    unknown: 'неизвестно',
    failedSubject: 'Неудачная проверка входа в аккаунт Lumenforge',
    failed: 'Кто-то правильно ввёл ваш пароль, но {{count}} раз не прошёл двухэтапную проверку.',
    notMe:
      'Если это были не вы, защитите аккаунт сейчас: по этой ссылке все сеансы будут завершены и вы сможете задать новый пароль (действует 7 дней):\n{{link}}',
    ifYou: 'Если это были вы, просто проигнорируйте это письмо. Эти оповещения можно отключить в настройках связи.',
    securedSubject: 'Ваш аккаунт Lumenforge защищён',
    secured: 'Как вы и просили, пароль изменён, а все сеансы вашего аккаунта завершены.',
  },
  nl: {
    passkeyAdded: 'Er is een toegangssleutel aan je account toegevoegd: {{name}}.',
    passkeyRemoved: 'Er is een toegangssleutel uit je account verwijderd: {{name}}.',
    newDeviceSubject: 'Nieuwe aanmelding bij je Lumenforge-account',
    newDevice: 'Er is zojuist bij je account aangemeld vanaf een apparaat en browser die het nog nooit heeft gebruikt.',
    device: 'Apparaat: {{device}}',
    location: 'Geschatte locatie: {{country}}',
    unknown: 'onbekend',
    failedSubject: 'Mislukte aanmeldverificatie bij je Lumenforge-account',
    failed:
      'Iemand heeft je wachtwoord juist ingevoerd, maar de verificatie in twee stappen {{count}} keer niet doorstaan.',
    notMe:
      'Was jij dit niet? Beveilig je account nu: deze link meldt alle sessies af en laat je een nieuw wachtwoord kiezen (7 dagen geldig):\n{{link}}',
    ifYou:
      'Was jij dit wel, dan kun je deze e-mail negeren. Je kunt deze meldingen uitzetten in je communicatievoorkeuren.',
    securedSubject: 'Je Lumenforge-account is beveiligd',
    secured: 'Zoals gevraagd is je wachtwoord gewijzigd en zijn alle sessies van je account afgemeld.',
  },
  ja: {
    passkeyAdded: 'アカウントにパスキーが追加されました：{{name}}',
    passkeyRemoved: 'アカウントからパスキーが削除されました：{{name}}',
    newDeviceSubject: 'Lumenforge アカウントへの新しいサインイン',
    newDevice: 'これまで使われたことのないデバイスとブラウザから、アカウントにサインインがありました。',
    device: 'デバイス：{{device}}',
    location: 'おおよその場所：{{country}}',
    unknown: '不明',
    failedSubject: 'Lumenforge アカウントのサインイン確認に失敗しました',
    failed: '誰かがパスワードを正しく入力しましたが、2 段階認証に {{count}} 回失敗しました。',
    notMe:
      '心当たりがない場合は、今すぐアカウントを保護してください。このリンクですべてのセッションがサインアウトされ、新しいパスワードを設定できます（7 日間有効）：\n{{link}}',
    ifYou: 'ご本人の場合、このメールは無視してかまいません。これらの通知はコミュニケーション設定でオフにできます。',
    securedSubject: 'Lumenforge アカウントは保護されました',
    secured: 'ご依頼どおり、パスワードを変更し、アカウントのすべてのセッションをサインアウトしました。',
  },
};
