/**
 * Texts the API itself sends to players: security notices after a two-factor
 * or trusted-device change, verification codes by email and SMS, and the
 * suggested name of a device. They go out by email or SMS, never into the
 * portal's UI, so they live here rather than in the islands' catalogues.
 * Every locale has every text (the type enforces it); `{{name}}` placeholders
 * are identical across locales (tests/unit/server/notices.test.ts checks it).
 * The product name follows each locale's catalogue ("Cuenta Lumenforge"…).
 */
import type { Locale } from '../../../src/i18n/locales';

export interface NoticeTexts {
  securitySubject: string;
  totpEnabled: string;
  totpDisabled: string;
  /** {{phone}}: the masked number. */
  smsEnabled: string;
  smsDisabled: string;
  primaryTotp: string;
  primarySms: string;
  backupCodes: string;
  /** {{name}}: the device name. */
  deviceAdded: string;
  deviceRemoved: string;
  devicesReset: string;
  /** {{time}} */
  when: string;
  notYou: string;
  codeSubject: string;
  /** {{code}}, {{minutes}} */
  codeBody: string;
  /** {{code}}, {{minutes}} */
  smsCode: string;
  /** {{browser}}, {{os}} */
  deviceOn: string;
  /** {{os}}: the system, when the User-Agent names no browser we know. */
  unknownBrowserOn: string;
  webBrowser: string;
  launcher: string;
}

export type NoticeKey = keyof NoticeTexts;

export const NOTICE_TEXTS: Record<Locale, NoticeTexts> = {
  en: {
    securitySubject: 'Security change on your Lumenforge Account',
    totpEnabled: 'Authenticator app verification was turned on.',
    totpDisabled: 'Authenticator app verification was turned off.',
    smsEnabled: 'SMS verification was turned on for {{phone}}.',
    smsDisabled: 'SMS verification was turned off.',
    primaryTotp: 'Your default verification method is now the authenticator app.',
    primarySms: 'Your default verification method is now SMS.',
    backupCodes: 'A new set of backup codes was generated. Earlier backup codes no longer work.',
    deviceAdded: 'A trusted device was added: {{name}}.',
    deviceRemoved: 'A trusted device was removed: {{name}}.',
    devicesReset: 'All trusted devices were removed.',
    when: 'Time: {{time}}',
    notYou: 'If you did not make this change, reset your password right away and contact support.',
    codeSubject: 'Your Lumenforge Account verification code',
    codeBody:
      'Your verification code is {{code}}. It expires in {{minutes}} minutes. If you did not request it, someone may know your password: change it right away.',
    smsCode: 'Lumenforge Account code: {{code}}. It expires in {{minutes}} minutes. Never share this code.',
    deviceOn: '{{browser}} on {{os}}',
    unknownBrowserOn: 'Unknown browser on {{os}}',
    webBrowser: 'Web browser',
    launcher: 'Lumenforge Launcher',
  },
  es: {
    securitySubject: 'Cambio de seguridad en tu Cuenta Lumenforge',
    totpEnabled: 'Se activó la verificación con app de autenticación.',
    totpDisabled: 'Se desactivó la verificación con app de autenticación.',
    smsEnabled: 'Se activó la verificación por SMS para {{phone}}.',
    smsDisabled: 'Se desactivó la verificación por SMS.',
    primaryTotp: 'Tu método de verificación predeterminado ahora es la app de autenticación.',
    primarySms: 'Tu método de verificación predeterminado ahora es SMS.',
    backupCodes: 'Se generó un nuevo conjunto de códigos de respaldo. Los códigos anteriores ya no funcionan.',
    deviceAdded: 'Se agregó un dispositivo de confianza: {{name}}.',
    deviceRemoved: 'Se eliminó un dispositivo de confianza: {{name}}.',
    devicesReset: 'Se eliminaron todos los dispositivos de confianza.',
    when: 'Fecha y hora: {{time}}',
    notYou: 'Si no hiciste este cambio, restablece tu contraseña de inmediato y contacta a soporte.',
    codeSubject: 'Tu código de verificación de Cuenta Lumenforge',
    codeBody:
      'Tu código de verificación es {{code}}. Vence en {{minutes}} minutos. Si no lo solicitaste, es posible que alguien conozca tu contraseña: cámbiala de inmediato.',
    smsCode: 'Código de Cuenta Lumenforge: {{code}}. Vence en {{minutes}} minutos. Nunca compartas este código.',
    deviceOn: '{{browser}} en {{os}}',
    unknownBrowserOn: 'Navegador desconocido en {{os}}',
    webBrowser: 'Navegador web',
    launcher: 'Lumenforge Launcher',
  },
  pt: {
    securitySubject: 'Alteração de segurança na sua Conta Lumenforge',
    totpEnabled: 'A verificação por app autenticador foi ativada.',
    totpDisabled: 'A verificação por app autenticador foi desativada.',
    smsEnabled: 'A verificação por SMS foi ativada para {{phone}}.',
    smsDisabled: 'A verificação por SMS foi desativada.',
    primaryTotp: 'Seu método de verificação padrão agora é o app autenticador.',
    primarySms: 'Seu método de verificação padrão agora é SMS.',
    backupCodes: 'Um novo conjunto de códigos de backup foi gerado. Os códigos anteriores não funcionam mais.',
    deviceAdded: 'Um dispositivo confiável foi adicionado: {{name}}.',
    deviceRemoved: 'Um dispositivo confiável foi removido: {{name}}.',
    devicesReset: 'Todos os dispositivos confiáveis foram removidos.',
    when: 'Data e hora: {{time}}',
    notYou: 'Se não foi você que fez essa alteração, redefina sua senha agora mesmo e entre em contato com o suporte.',
    codeSubject: 'Seu código de verificação da Conta Lumenforge',
    codeBody:
      'Seu código de verificação é {{code}}. Ele expira em {{minutes}} minutos. Se você não o solicitou, alguém pode saber sua senha: altere-a agora mesmo.',
    smsCode: 'Código da Conta Lumenforge: {{code}}. Expira em {{minutes}} minutos. Nunca compartilhe este código.',
    deviceOn: '{{browser}} no {{os}}',
    unknownBrowserOn: 'Navegador desconhecido no {{os}}',
    webBrowser: 'Navegador',
    launcher: 'Lumenforge Launcher',
  },
  de: {
    securitySubject: 'Sicherheitsänderung an deinem Lumenforge-Konto',
    totpEnabled: 'Die Bestätigung per Authenticator-App wurde aktiviert.',
    totpDisabled: 'Die Bestätigung per Authenticator-App wurde deaktiviert.',
    smsEnabled: 'Die Bestätigung per SMS wurde für {{phone}} aktiviert.',
    smsDisabled: 'Die Bestätigung per SMS wurde deaktiviert.',
    primaryTotp: 'Deine Standardmethode zur Bestätigung ist jetzt die Authenticator-App.',
    primarySms: 'Deine Standardmethode zur Bestätigung ist jetzt SMS.',
    backupCodes: 'Neue Backup-Codes wurden erstellt. Die bisherigen Backup-Codes funktionieren nicht mehr.',
    deviceAdded: 'Ein vertrauenswürdiges Gerät wurde hinzugefügt: {{name}}.',
    deviceRemoved: 'Ein vertrauenswürdiges Gerät wurde entfernt: {{name}}.',
    devicesReset: 'Alle vertrauenswürdigen Geräte wurden entfernt.',
    when: 'Zeitpunkt: {{time}}',
    notYou:
      'Wenn du diese Änderung nicht vorgenommen hast, setze sofort dein Passwort zurück und wende dich an den Support.',
    codeSubject: 'Dein Bestätigungscode für das Lumenforge-Konto',
    codeBody:
      'Dein Bestätigungscode lautet {{code}}. Er läuft in {{minutes}} Minuten ab. Wenn du ihn nicht angefordert hast, kennt womöglich jemand dein Passwort: Ändere es sofort.',
    smsCode:
      'Code für dein Lumenforge-Konto: {{code}}. Gültig für {{minutes}} Minuten. Gib diesen Code niemals weiter.',
    deviceOn: '{{browser}} unter {{os}}',
    unknownBrowserOn: 'Unbekannter Browser unter {{os}}',
    webBrowser: 'Webbrowser',
    launcher: 'Lumenforge Launcher',
  },
  fr: {
    securitySubject: 'Modification de sécurité sur votre Compte Lumenforge',
    totpEnabled: 'La vérification par application d’authentification a été activée.',
    totpDisabled: 'La vérification par application d’authentification a été désactivée.',
    smsEnabled: 'La vérification par SMS a été activée pour le {{phone}}.',
    smsDisabled: 'La vérification par SMS a été désactivée.',
    primaryTotp: 'Votre méthode de vérification par défaut est désormais l’application d’authentification.',
    primarySms: 'Votre méthode de vérification par défaut est désormais le SMS.',
    backupCodes:
      'Une nouvelle série de codes de secours a été générée. Les anciens codes de secours ne fonctionnent plus.',
    deviceAdded: 'Un appareil de confiance a été ajouté : {{name}}.',
    deviceRemoved: 'Un appareil de confiance a été supprimé : {{name}}.',
    devicesReset: 'Tous les appareils de confiance ont été supprimés.',
    when: 'Date et heure : {{time}}',
    notYou:
      'Si vous n’êtes pas à l’origine de cette modification, réinitialisez immédiatement votre mot de passe et contactez l’assistance.',
    codeSubject: 'Votre code de vérification du Compte Lumenforge',
    codeBody:
      'Votre code de vérification est {{code}}. Il expire dans {{minutes}} minutes. Si vous ne l’avez pas demandé, quelqu’un connaît peut-être votre mot de passe : changez-le immédiatement.',
    smsCode: 'Code du Compte Lumenforge : {{code}}. Il expire dans {{minutes}} minutes. Ne communiquez jamais ce code.',
    deviceOn: '{{browser}} sur {{os}}',
    unknownBrowserOn: 'Navigateur inconnu sur {{os}}',
    webBrowser: 'Navigateur web',
    launcher: 'Lumenforge Launcher',
  },
  it: {
    securitySubject: 'Modifica di sicurezza al tuo Account Lumenforge',
    totpEnabled: 'La verifica tramite app di autenticazione è stata attivata.',
    totpDisabled: 'La verifica tramite app di autenticazione è stata disattivata.',
    smsEnabled: 'La verifica tramite SMS è stata attivata per il numero {{phone}}.',
    smsDisabled: 'La verifica tramite SMS è stata disattivata.',
    primaryTotp: 'Il tuo metodo di verifica predefinito ora è l’app di autenticazione.',
    primarySms: 'Il tuo metodo di verifica predefinito ora è l’SMS.',
    backupCodes: 'È stata generata una nuova serie di codici di backup. I codici precedenti non funzionano più.',
    deviceAdded: 'È stato aggiunto un dispositivo attendibile: {{name}}.',
    deviceRemoved: 'È stato rimosso un dispositivo attendibile: {{name}}.',
    devicesReset: 'Tutti i dispositivi attendibili sono stati rimossi.',
    when: 'Data e ora: {{time}}',
    notYou: 'Se non hai effettuato tu questa modifica, reimposta subito la password e contatta l’assistenza.',
    codeSubject: 'Il tuo codice di verifica dell’Account Lumenforge',
    codeBody:
      'Il tuo codice di verifica è {{code}}. Scade tra {{minutes}} minuti. Se non l’hai richiesto, qualcuno potrebbe conoscere la tua password: cambiala subito.',
    smsCode: 'Codice Account Lumenforge: {{code}}. Scade tra {{minutes}} minuti. Non condividere mai questo codice.',
    deviceOn: '{{browser}} su {{os}}',
    unknownBrowserOn: 'Browser sconosciuto su {{os}}',
    webBrowser: 'Browser web',
    launcher: 'Lumenforge Launcher',
  },
  pl: {
    securitySubject: 'Zmiana zabezpieczeń na Twoim Koncie Lumenforge',
    totpEnabled: 'Weryfikacja za pomocą aplikacji uwierzytelniającej została włączona.',
    totpDisabled: 'Weryfikacja za pomocą aplikacji uwierzytelniającej została wyłączona.',
    smsEnabled: 'Weryfikacja SMS została włączona dla numeru {{phone}}.',
    smsDisabled: 'Weryfikacja SMS została wyłączona.',
    primaryTotp: 'Twoją domyślną metodą weryfikacji jest teraz aplikacja uwierzytelniająca.',
    primarySms: 'Twoją domyślną metodą weryfikacji jest teraz SMS.',
    backupCodes: 'Wygenerowano nowy zestaw kodów zapasowych. Poprzednie kody zapasowe przestały działać.',
    deviceAdded: 'Dodano zaufane urządzenie: {{name}}.',
    deviceRemoved: 'Usunięto zaufane urządzenie: {{name}}.',
    devicesReset: 'Usunięto wszystkie zaufane urządzenia.',
    when: 'Data i godzina: {{time}}',
    notYou:
      'Jeśli ta zmiana nie została wprowadzona przez Ciebie, natychmiast zresetuj hasło i skontaktuj się z pomocą techniczną.',
    codeSubject: 'Twój kod weryfikacyjny do Konta Lumenforge',
    codeBody:
      'Twój kod weryfikacyjny to {{code}}. Wygasa za {{minutes}} min. Jeśli nie prosiłeś(-aś) o ten kod, ktoś może znać Twoje hasło: natychmiast je zmień.',
    smsCode: 'Kod do Konta Lumenforge: {{code}}. Wygasa za {{minutes}} min. Nigdy nikomu go nie podawaj.',
    deviceOn: '{{browser}} w systemie {{os}}',
    unknownBrowserOn: 'Nieznana przeglądarka w systemie {{os}}',
    webBrowser: 'Przeglądarka internetowa',
    launcher: 'Lumenforge Launcher',
  },
  tr: {
    securitySubject: 'Lumenforge Hesabında güvenlik değişikliği',
    totpEnabled: 'Kimlik doğrulama uygulamasıyla doğrulama açıldı.',
    totpDisabled: 'Kimlik doğrulama uygulamasıyla doğrulama kapatıldı.',
    smsEnabled: '{{phone}} numarası için SMS ile doğrulama açıldı.',
    smsDisabled: 'SMS ile doğrulama kapatıldı.',
    primaryTotp: 'Varsayılan doğrulama yönteminiz artık kimlik doğrulama uygulaması.',
    primarySms: 'Varsayılan doğrulama yönteminiz artık SMS.',
    backupCodes: 'Yeni bir yedek kod seti oluşturuldu. Önceki yedek kodlar artık çalışmıyor.',
    deviceAdded: 'Güvenilir bir cihaz eklendi: {{name}}.',
    deviceRemoved: 'Güvenilir bir cihaz kaldırıldı: {{name}}.',
    devicesReset: 'Tüm güvenilir cihazlar kaldırıldı.',
    when: 'Tarih ve saat: {{time}}',
    notYou: 'Bu değişikliği siz yapmadıysanız hemen şifrenizi sıfırlayın ve destek ekibiyle iletişime geçin.',
    codeSubject: 'Lumenforge Hesabı doğrulama kodunuz',
    codeBody:
      'Doğrulama kodunuz: {{code}}. Kodun süresi {{minutes}} dakika içinde dolar. Bu kodu siz istemediyseniz biri şifrenizi biliyor olabilir: hemen değiştirin.',
    smsCode: 'Lumenforge Hesabı kodu: {{code}}. {{minutes}} dakika geçerlidir. Bu kodu asla kimseyle paylaşmayın.',
    deviceOn: '{{os}} üzerinde {{browser}}',
    unknownBrowserOn: '{{os}} üzerinde bilinmeyen tarayıcı',
    webBrowser: 'Web tarayıcısı',
    launcher: 'Lumenforge Launcher',
  },
  zh: {
    securitySubject: '你的 Lumenforge 帳號安全性設定已變更',
    totpEnabled: '已開啟驗證器應用程式驗證。',
    totpDisabled: '已關閉驗證器應用程式驗證。',
    smsEnabled: '已為 {{phone}} 開啟簡訊驗證。',
    smsDisabled: '已關閉簡訊驗證。',
    primaryTotp: '你的預設驗證方式已改為驗證器應用程式。',
    primarySms: '你的預設驗證方式已改為簡訊。',
    backupCodes: '已產生一組新的備用碼，先前的備用碼已失效。',
    deviceAdded: '已新增受信任的裝置：{{name}}。',
    deviceRemoved: '已移除受信任的裝置：{{name}}。',
    devicesReset: '已移除所有受信任的裝置。',
    when: '時間：{{time}}',
    notYou: '如果這項變更不是你本人所為，請立即重設密碼並聯絡客服。',
    codeSubject: '你的 Lumenforge 帳號驗證碼',
    codeBody:
      '你的驗證碼是 {{code}}，將於 {{minutes}} 分鐘後失效。如果你沒有要求這個驗證碼，可能有人知道你的密碼，請立即變更密碼。',
    smsCode: 'Lumenforge 帳號驗證碼：{{code}}，{{minutes}} 分鐘內有效。請勿將驗證碼告訴任何人。',
    deviceOn: '{{os}} 上的 {{browser}}',
    unknownBrowserOn: '{{os}} 上的不明瀏覽器',
    webBrowser: '網頁瀏覽器',
    launcher: 'Lumenforge Launcher',
  },
  th: {
    securitySubject: 'มีการเปลี่ยนแปลงความปลอดภัยในบัญชี Lumenforge ของคุณ',
    totpEnabled: 'เปิดใช้การยืนยันตัวตนด้วยแอปยืนยันตัวตนแล้ว',
    totpDisabled: 'ปิดการยืนยันตัวตนด้วยแอปยืนยันตัวตนแล้ว',
    smsEnabled: 'เปิดใช้การยืนยันตัวตนทาง SMS สำหรับหมายเลข {{phone}} แล้ว',
    smsDisabled: 'ปิดการยืนยันตัวตนทาง SMS แล้ว',
    primaryTotp: 'วิธียืนยันตัวตนเริ่มต้นของคุณตอนนี้คือแอปยืนยันตัวตน',
    primarySms: 'วิธียืนยันตัวตนเริ่มต้นของคุณตอนนี้คือ SMS',
    backupCodes: 'สร้างชุดรหัสสำรองใหม่แล้ว รหัสสำรองชุดก่อนหน้าใช้งานไม่ได้อีกต่อไป',
    deviceAdded: 'เพิ่มอุปกรณ์ที่เชื่อถือได้แล้ว: {{name}}',
    deviceRemoved: 'นำอุปกรณ์ที่เชื่อถือได้ออกแล้ว: {{name}}',
    devicesReset: 'นำอุปกรณ์ที่เชื่อถือได้ทั้งหมดออกแล้ว',
    when: 'เวลา: {{time}}',
    notYou: 'หากคุณไม่ได้ทำการเปลี่ยนแปลงนี้ โปรดรีเซ็ตรหัสผ่านทันทีและติดต่อฝ่ายสนับสนุน',
    codeSubject: 'รหัสยืนยันบัญชี Lumenforge ของคุณ',
    codeBody:
      'รหัสยืนยันของคุณคือ {{code}} รหัสจะหมดอายุใน {{minutes}} นาที หากคุณไม่ได้ขอรหัสนี้ อาจมีผู้อื่นรู้รหัสผ่านของคุณ โปรดเปลี่ยนรหัสผ่านทันที',
    smsCode: 'รหัสบัญชี Lumenforge: {{code}} หมดอายุใน {{minutes}} นาที ห้ามบอกรหัสนี้กับผู้อื่น',
    deviceOn: '{{browser}} บน {{os}}',
    unknownBrowserOn: 'เบราว์เซอร์ที่ไม่รู้จักบน {{os}}',
    webBrowser: 'เว็บเบราว์เซอร์',
    launcher: 'Lumenforge Launcher',
  },
  ru: {
    securitySubject: 'Изменение настроек безопасности аккаунта Lumenforge',
    totpEnabled: 'Подтверждение через приложение-аутентификатор включено.',
    totpDisabled: 'Подтверждение через приложение-аутентификатор отключено.',
    smsEnabled: 'Подтверждение по SMS включено для номера {{phone}}.',
    smsDisabled: 'Подтверждение по SMS отключено.',
    primaryTotp: 'Теперь ваш основной способ подтверждения — приложение-аутентификатор.',
    primarySms: 'Теперь ваш основной способ подтверждения — SMS.',
    backupCodes: 'Создан новый набор резервных кодов. Прежние резервные коды больше не действуют.',
    deviceAdded: 'Добавлено доверенное устройство: {{name}}.',
    deviceRemoved: 'Удалено доверенное устройство: {{name}}.',
    devicesReset: 'Все доверенные устройства удалены.',
    when: 'Время: {{time}}',
    notYou: 'Если это изменение внесли не вы, немедленно сбросьте пароль и обратитесь в службу поддержки.',
    codeSubject: 'Код подтверждения для аккаунта Lumenforge',
    codeBody:
      'Ваш код подтверждения: {{code}}. Он действует {{minutes}} мин. Если вы не запрашивали код, возможно, кто-то знает ваш пароль: немедленно смените его.',
    smsCode: 'Код для аккаунта Lumenforge: {{code}}. Действует {{minutes}} мин. Никому не сообщайте этот код.',
    deviceOn: '{{browser}} на {{os}}',
    unknownBrowserOn: 'Неизвестный браузер на {{os}}',
    webBrowser: 'Веб-браузер',
    launcher: 'Lumenforge Launcher',
  },
  nl: {
    securitySubject: 'Beveiligingswijziging in je Lumenforge-account',
    totpEnabled: 'Verificatie met een authenticator-app is ingeschakeld.',
    totpDisabled: 'Verificatie met een authenticator-app is uitgeschakeld.',
    smsEnabled: 'Verificatie per sms is ingeschakeld voor {{phone}}.',
    smsDisabled: 'Verificatie per sms is uitgeschakeld.',
    primaryTotp: 'Je standaard verificatiemethode is nu de authenticator-app.',
    primarySms: 'Je standaard verificatiemethode is nu sms.',
    backupCodes: 'Er is een nieuwe set back-upcodes aangemaakt. Eerdere back-upcodes werken niet meer.',
    deviceAdded: 'Er is een vertrouwd apparaat toegevoegd: {{name}}.',
    deviceRemoved: 'Er is een vertrouwd apparaat verwijderd: {{name}}.',
    devicesReset: 'Alle vertrouwde apparaten zijn verwijderd.',
    when: 'Tijdstip: {{time}}',
    notYou:
      'Heb je deze wijziging niet zelf gedaan? Stel dan meteen je wachtwoord opnieuw in en neem contact op met support.',
    codeSubject: 'Je verificatiecode voor je Lumenforge-account',
    codeBody:
      'Je verificatiecode is {{code}}. De code verloopt over {{minutes}} minuten. Heb je deze code niet aangevraagd? Dan kent iemand misschien je wachtwoord: wijzig het meteen.',
    smsCode: 'Code voor je Lumenforge-account: {{code}}. Verloopt over {{minutes}} minuten. Deel deze code nooit.',
    deviceOn: '{{browser}} op {{os}}',
    unknownBrowserOn: 'Onbekende browser op {{os}}',
    webBrowser: 'Webbrowser',
    launcher: 'Lumenforge Launcher',
  },
  ja: {
    securitySubject: 'Lumenforge アカウントのセキュリティ設定が変更されました',
    totpEnabled: '認証アプリによる認証がオンになりました。',
    totpDisabled: '認証アプリによる認証がオフになりました。',
    smsEnabled: '{{phone}} での SMS 認証がオンになりました。',
    smsDisabled: 'SMS 認証がオフになりました。',
    primaryTotp: 'デフォルトの認証方法が認証アプリになりました。',
    primarySms: 'デフォルトの認証方法が SMS になりました。',
    backupCodes: '新しいバックアップコードが発行されました。以前のバックアップコードは使用できなくなりました。',
    deviceAdded: '信頼済みデバイスが追加されました：{{name}}',
    deviceRemoved: '信頼済みデバイスが削除されました：{{name}}',
    devicesReset: 'すべての信頼済みデバイスが削除されました。',
    when: '日時：{{time}}',
    notYou: 'この変更に心当たりがない場合は、すぐにパスワードを再設定し、サポートにお問い合わせください。',
    codeSubject: 'Lumenforge アカウントの認証コード',
    codeBody:
      '認証コードは {{code}} です。有効期限は {{minutes}} 分です。このコードをリクエストしていない場合、第三者にパスワードを知られている可能性があります。すぐにパスワードを変更してください。',
    smsCode:
      'Lumenforge アカウントの認証コード：{{code}}（有効期限 {{minutes}} 分）。このコードは誰にも教えないでください。',
    deviceOn: '{{os}} の {{browser}}',
    unknownBrowserOn: '{{os}} の不明なブラウザー',
    webBrowser: 'ウェブブラウザー',
    launcher: 'Lumenforge Launcher',
  },
};

/** Replaces `{{name}}` placeholders (values are plain text: emails and SMS are text/plain). */
export function fill(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * A device in words from what the User-Agent named: "Chrome on Windows", "Unknown browser on Linux" (a system
 * alone would read as a complete answer), the browser alone, else "Web browser".
 */
export function deviceWords(t: NoticeTexts, browser: string | null, os: string | null): string {
  if (browser !== null && os !== null) return fill(t.deviceOn, { browser, os });
  if (os !== null) return fill(t.unknownBrowserOn, { os });
  return browser ?? t.webBrowser;
}
