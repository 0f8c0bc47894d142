/**
 * Email texts of issue 12 part B (password, sessions, data export, account
 * deletion), in every locale. Placeholders as in ./texts.ts (`{{name}}`,
 * filled by `fill`). The subject, "Time:" line and "not you" line of a
 * security notice are ./texts.ts's, shared with the other security notices.
 */
import type { Locale } from '../../src/i18n/locales';

export interface LifecycleTexts {
  passwordChanged: string;
  passwordCreated: string;
  sessionRevoked: string;
  sessionsRevoked: string;
  dataExported: string;
  deletionSubject: string;
  deletionRequested: string;
  deletionCancelled: string;
  deleted: string;
}
export type LifecycleKey = keyof LifecycleTexts;

export const LIFECYCLE_TEXTS: Record<Locale, LifecycleTexts> = {
  en: {
    passwordChanged:
      'Your password was changed. Every other session was signed out and your trusted devices were removed.',
    passwordCreated:
      'A password was set for your account. Every other session was signed out and your trusted devices were removed.',
    sessionRevoked: 'A session was signed out of your account: {{device}}.',
    sessionsRevoked: 'Every other session of your account was signed out.',
    dataExported: 'A copy of your account data was downloaded.',
    deletionSubject: 'Deletion of your Lumenforge Account',
    deletionRequested:
      'Your account will be deleted on {{date}}. Until then you can keep it: sign in and choose to cancel the deletion.',
    deletionCancelled: 'The deletion of your account was cancelled. Your account stays as it is.',
    deleted: 'Your account and its data have been deleted. This is the last email about it.',
  },
  es: {
    passwordChanged:
      'Se cambió tu contraseña. Se cerraron todas las demás sesiones y se eliminaron tus dispositivos de confianza.',
    passwordCreated:
      'Se estableció una contraseña para tu cuenta. Se cerraron todas las demás sesiones y se eliminaron tus dispositivos de confianza.',
    sessionRevoked: 'Se cerró una sesión de tu cuenta: {{device}}.',
    sessionsRevoked: 'Se cerraron todas las demás sesiones de tu cuenta.',
    dataExported: 'Se descargó una copia de los datos de tu cuenta.',
    deletionSubject: 'Eliminación de tu Cuenta Lumenforge',
    deletionRequested:
      'Tu cuenta se eliminará el {{date}}. Hasta entonces puedes conservarla: inicia sesión y elige cancelar la eliminación.',
    deletionCancelled: 'Se canceló la eliminación de tu cuenta. Tu cuenta sigue como estaba.',
    deleted: 'Se eliminaron tu cuenta y sus datos. Este es el último correo sobre ella.',
  },
  pt: {
    passwordChanged:
      'Sua senha foi alterada. Todas as outras sessões foram encerradas e seus dispositivos confiáveis foram removidos.',
    passwordCreated:
      'Uma senha foi definida para sua conta. Todas as outras sessões foram encerradas e seus dispositivos confiáveis foram removidos.',
    sessionRevoked: 'Uma sessão da sua conta foi encerrada: {{device}}.',
    sessionsRevoked: 'Todas as outras sessões da sua conta foram encerradas.',
    dataExported: 'Uma cópia dos dados da sua conta foi baixada.',
    deletionSubject: 'Exclusão da sua Conta Lumenforge',
    deletionRequested:
      'Sua conta será excluída em {{date}}. Até lá você pode mantê-la: entre e escolha cancelar a exclusão.',
    deletionCancelled: 'A exclusão da sua conta foi cancelada. Sua conta continua como estava.',
    deleted: 'Sua conta e seus dados foram excluídos. Este é o último e-mail sobre ela.',
  },
  de: {
    passwordChanged:
      'Dein Passwort wurde geändert. Alle anderen Sitzungen wurden abgemeldet und deine vertrauenswürdigen Geräte entfernt.',
    passwordCreated:
      'Für dein Konto wurde ein Passwort festgelegt. Alle anderen Sitzungen wurden abgemeldet und deine vertrauenswürdigen Geräte entfernt.',
    sessionRevoked: 'Eine Sitzung deines Kontos wurde abgemeldet: {{device}}.',
    sessionsRevoked: 'Alle anderen Sitzungen deines Kontos wurden abgemeldet.',
    dataExported: 'Eine Kopie deiner Kontodaten wurde heruntergeladen.',
    deletionSubject: 'Löschung deines Lumenforge-Kontos',
    deletionRequested:
      'Dein Konto wird am {{date}} gelöscht. Bis dahin kannst du es behalten: Melde dich an und brich die Löschung ab.',
    deletionCancelled: 'Die Löschung deines Kontos wurde abgebrochen. Dein Konto bleibt, wie es ist.',
    deleted: 'Dein Konto und seine Daten wurden gelöscht. Dies ist die letzte E-Mail dazu.',
  },
  fr: {
    passwordChanged:
      'Votre mot de passe a été modifié. Toutes les autres sessions ont été déconnectées et vos appareils de confiance supprimés.',
    passwordCreated:
      'Un mot de passe a été défini pour votre compte. Toutes les autres sessions ont été déconnectées et vos appareils de confiance supprimés.',
    sessionRevoked: 'Une session de votre compte a été déconnectée : {{device}}.',
    sessionsRevoked: 'Toutes les autres sessions de votre compte ont été déconnectées.',
    dataExported: 'Une copie des données de votre compte a été téléchargée.',
    deletionSubject: 'Suppression de votre Compte Lumenforge',
    deletionRequested:
      'Votre compte sera supprimé le {{date}}. D’ici là, vous pouvez le conserver : connectez-vous et choisissez d’annuler la suppression.',
    deletionCancelled: 'La suppression de votre compte a été annulée. Votre compte reste tel quel.',
    deleted: 'Votre compte et ses données ont été supprimés. Ceci est le dernier e-mail à son sujet.',
  },
  it: {
    passwordChanged:
      'La tua password è stata cambiata. Tutte le altre sessioni sono state disconnesse e i tuoi dispositivi attendibili rimossi.',
    passwordCreated:
      'È stata impostata una password per il tuo account. Tutte le altre sessioni sono state disconnesse e i tuoi dispositivi attendibili rimossi.',
    sessionRevoked: 'Una sessione del tuo account è stata disconnessa: {{device}}.',
    sessionsRevoked: 'Tutte le altre sessioni del tuo account sono state disconnesse.',
    dataExported: 'È stata scaricata una copia dei dati del tuo account.',
    deletionSubject: 'Eliminazione del tuo Account Lumenforge',
    deletionRequested:
      'Il tuo account sarà eliminato il {{date}}. Fino ad allora puoi tenerlo: accedi e scegli di annullare l’eliminazione.',
    deletionCancelled: 'L’eliminazione del tuo account è stata annullata. Il tuo account resta com’è.',
    deleted: 'Il tuo account e i suoi dati sono stati eliminati. Questa è l’ultima email al riguardo.',
  },
  pl: {
    passwordChanged:
      'Twoje hasło zostało zmienione. Wszystkie inne sesje zostały wylogowane, a zaufane urządzenia usunięte.',
    passwordCreated:
      'Dla Twojego konta ustawiono hasło. Wszystkie inne sesje zostały wylogowane, a zaufane urządzenia usunięte.',
    sessionRevoked: 'Jedna sesja Twojego konta została wylogowana: {{device}}.',
    sessionsRevoked: 'Wszystkie inne sesje Twojego konta zostały wylogowane.',
    dataExported: 'Pobrano kopię danych Twojego konta.',
    deletionSubject: 'Usunięcie Twojego Konta Lumenforge',
    deletionRequested:
      'Twoje konto zostanie usunięte {{date}}. Do tego czasu możesz je zachować: zaloguj się i wybierz anulowanie usunięcia.',
    deletionCancelled: 'Usunięcie Twojego konta zostało anulowane. Konto pozostaje bez zmian.',
    deleted: 'Twoje konto i jego dane zostały usunięte. To ostatni e-mail w tej sprawie.',
  },
  tr: {
    passwordChanged: 'Şifren değiştirildi. Diğer tüm oturumlar kapatıldı ve güvenilir cihazların kaldırıldı.',
    passwordCreated:
      'Hesabın için bir şifre belirlendi. Diğer tüm oturumlar kapatıldı ve güvenilir cihazların kaldırıldı.',
    sessionRevoked: 'Hesabının bir oturumu kapatıldı: {{device}}.',
    sessionsRevoked: 'Hesabının diğer tüm oturumları kapatıldı.',
    dataExported: 'Hesap verilerinin bir kopyası indirildi.',
    deletionSubject: 'Lumenforge Hesabının silinmesi',
    deletionRequested:
      'Hesabın {{date}} tarihinde silinecek. O zamana kadar hesabını koruyabilirsin: oturum aç ve silmeyi iptal etmeyi seç.',
    deletionCancelled: 'Hesabının silinmesi iptal edildi. Hesabın olduğu gibi kalıyor.',
    deleted: 'Hesabın ve verileri silindi. Bu, hesapla ilgili son e-posta.',
  },
  zh: {
    passwordChanged: '你的密碼已變更。所有其他工作階段都已登出，你的信任裝置也已移除。',
    passwordCreated: '你的帳戶已設定密碼。所有其他工作階段都已登出，你的信任裝置也已移除。',
    sessionRevoked: '你帳戶的一個工作階段已登出：{{device}}。',
    sessionsRevoked: '你帳戶的所有其他工作階段都已登出。',
    dataExported: '已下載你的帳戶資料副本。',
    deletionSubject: '刪除你的 Lumenforge 帳戶',
    deletionRequested: '你的帳戶將於 {{date}} 刪除。在此之前你仍可保留帳戶：登入並選擇取消刪除。',
    deletionCancelled: '已取消刪除你的帳戶。你的帳戶維持不變。',
    deleted: '你的帳戶及其資料已刪除。這是關於此帳戶的最後一封電子郵件。',
  },
  th: {
    passwordChanged: 'รหัสผ่านของคุณถูกเปลี่ยนแล้ว เซสชันอื่นทั้งหมดถูกออกจากระบบ และอุปกรณ์ที่เชื่อถือได้ถูกนำออกแล้ว',
    passwordCreated: 'มีการตั้งรหัสผ่านให้บัญชีของคุณแล้ว เซสชันอื่นทั้งหมดถูกออกจากระบบ และอุปกรณ์ที่เชื่อถือได้ถูกนำออกแล้ว',
    sessionRevoked: 'เซสชันหนึ่งของบัญชีคุณถูกออกจากระบบแล้ว: {{device}}',
    sessionsRevoked: 'เซสชันอื่นทั้งหมดของบัญชีคุณถูกออกจากระบบแล้ว',
    dataExported: 'มีการดาวน์โหลดสำเนาข้อมูลบัญชีของคุณ',
    deletionSubject: 'การลบบัญชี Lumenforge ของคุณ',
    deletionRequested: 'บัญชีของคุณจะถูกลบในวันที่ {{date}} ก่อนถึงวันนั้นคุณยังเก็บบัญชีไว้ได้: ลงชื่อเข้าใช้และเลือกยกเลิกการลบ',
    deletionCancelled: 'การลบบัญชีของคุณถูกยกเลิกแล้ว บัญชีของคุณยังคงอยู่เหมือนเดิม',
    deleted: 'บัญชีและข้อมูลของคุณถูกลบแล้ว นี่คืออีเมลฉบับสุดท้ายเกี่ยวกับบัญชีนี้',
  },
  ru: {
    passwordChanged: 'Ваш пароль изменён. Все остальные сеансы завершены, доверенные устройства удалены.',
    passwordCreated:
      'Для вашей учётной записи задан пароль. Все остальные сеансы завершены, доверенные устройства удалены.',
    sessionRevoked: 'Один сеанс вашей учётной записи завершён: {{device}}.',
    sessionsRevoked: 'Все остальные сеансы вашей учётной записи завершены.',
    dataExported: 'Скачана копия данных вашей учётной записи.',
    deletionSubject: 'Удаление учётной записи Lumenforge',
    deletionRequested:
      'Ваша учётная запись будет удалена {{date}}. До этого её можно сохранить: войдите и отмените удаление.',
    deletionCancelled: 'Удаление вашей учётной записи отменено. Учётная запись остаётся без изменений.',
    deleted: 'Ваша учётная запись и её данные удалены. Это последнее письмо о ней.',
  },
  nl: {
    passwordChanged:
      'Je wachtwoord is gewijzigd. Alle andere sessies zijn afgemeld en je vertrouwde apparaten zijn verwijderd.',
    passwordCreated:
      'Er is een wachtwoord ingesteld voor je account. Alle andere sessies zijn afgemeld en je vertrouwde apparaten zijn verwijderd.',
    sessionRevoked: 'Een sessie van je account is afgemeld: {{device}}.',
    sessionsRevoked: 'Alle andere sessies van je account zijn afgemeld.',
    dataExported: 'Er is een kopie van je accountgegevens gedownload.',
    deletionSubject: 'Verwijdering van je Lumenforge-account',
    deletionRequested:
      'Je account wordt verwijderd op {{date}}. Tot dan kun je het houden: meld je aan en kies ervoor de verwijdering te annuleren.',
    deletionCancelled: 'De verwijdering van je account is geannuleerd. Je account blijft zoals het is.',
    deleted: 'Je account en de gegevens ervan zijn verwijderd. Dit is de laatste e-mail erover.',
  },
  ja: {
    passwordChanged:
      'パスワードが変更されました。他のすべてのセッションはサインアウトされ、信頼済みデバイスは削除されました。',
    passwordCreated:
      'アカウントにパスワードが設定されました。他のすべてのセッションはサインアウトされ、信頼済みデバイスは削除されました。',
    sessionRevoked: 'アカウントのセッションが1つサインアウトされました：{{device}}。',
    sessionsRevoked: 'アカウントの他のすべてのセッションがサインアウトされました。',
    dataExported: 'アカウントデータのコピーがダウンロードされました。',
    deletionSubject: 'Lumenforge アカウントの削除',
    deletionRequested:
      'アカウントは {{date}} に削除されます。それまではアカウントを残せます：サインインして削除の取り消しを選んでください。',
    deletionCancelled: 'アカウントの削除は取り消されました。アカウントはそのまま残ります。',
    deleted: 'アカウントとそのデータは削除されました。このアカウントに関する最後のメールです。',
  },
};
