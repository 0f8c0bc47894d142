/**
 * Texts of the self-service emails (issue 13): the notice after a password
 * reset, the answer to a recovery asked for an address no account uses, and
 * the reset link of /reset/request-reset (20126). Every locale has every
 * text; `{{name}}` placeholders are identical across locales.
 */
import type { Locale } from '../../src/i18n/locales';

export interface SelfServiceTexts {
  resetSubject: string;
  /** {{time}} */
  resetBody: string;
  noAccountSubject: string;
  noAccountBody: string;
  linkSubject: string;
  /** {{link}}, {{minutes}} */
  linkBody: string;
  /** {{link}}: the self-service page (accounts with a second factor never get a bare reset link). */
  recoverBody: string;
}

export const SELF_SERVICE_TEXTS: Record<Locale, SelfServiceTexts> = {
  en: {
    resetSubject: 'Your Lumenforge Account password was reset',
    resetBody:
      'The password of your Lumenforge Account was reset on {{time}}. Every device was signed out and trusted devices were removed.\nIf you did not do this, recover your account at once and contact support.',
    noAccountSubject: 'Lumenforge Account recovery',
    noAccountBody:
      'Someone asked to recover a Lumenforge Account with this email address, but no account uses it. If it was you, you may have signed up with another address. If not, you can ignore this email.',
    linkSubject: 'Create a new password for your Lumenforge Account',
    linkBody: 'Open this link to create a new password: {{link}}\nThe link works once, for {{minutes}} minutes.',
    recoverBody:
      'To create a new password, open {{link}} and choose "Reset password". Your account has two-step verification, so you will be asked for it as well.',
  },
  es: {
    resetSubject: 'Se restableció la contraseña de tu Cuenta Lumenforge',
    resetBody:
      'La contraseña de tu Cuenta Lumenforge se restableció el {{time}}. Se cerró la sesión en todos los dispositivos y se quitaron los dispositivos de confianza.\nSi no fuiste tú, recupera tu cuenta de inmediato y contacta con soporte.',
    noAccountSubject: 'Recuperación de Cuenta Lumenforge',
    noAccountBody:
      'Alguien pidió recuperar una Cuenta Lumenforge con esta dirección de correo, pero ninguna cuenta la usa. Si fuiste tú, quizá te registraste con otra dirección. Si no, puedes ignorar este correo.',
    linkSubject: 'Crea una nueva contraseña para tu Cuenta Lumenforge',
    linkBody:
      'Abre este enlace para crear una nueva contraseña: {{link}}\nEl enlace funciona una vez, durante {{minutes}} minutos.',
    recoverBody:
      'Para crear una nueva contraseña, abre {{link}} y elige "Restablecer contraseña". Tu cuenta tiene verificación en dos pasos, así que también se te pedirá.',
  },
  pt: {
    resetSubject: 'A senha da sua Conta Lumenforge foi redefinida',
    resetBody:
      'A senha da sua Conta Lumenforge foi redefinida em {{time}}. Todos os dispositivos foram desconectados e os dispositivos confiáveis foram removidos.\nSe não foi você, recupere sua conta imediatamente e entre em contato com o suporte.',
    noAccountSubject: 'Recuperação da Conta Lumenforge',
    noAccountBody:
      'Alguém pediu para recuperar uma Conta Lumenforge com este endereço de e-mail, mas nenhuma conta o usa. Se foi você, talvez tenha se cadastrado com outro endereço. Caso contrário, ignore este e-mail.',
    linkSubject: 'Crie uma nova senha para sua Conta Lumenforge',
    linkBody: 'Abra este link para criar uma nova senha: {{link}}\nO link funciona uma vez, por {{minutes}} minutos.',
    recoverBody:
      'Para criar uma nova senha, abra {{link}} e escolha "Redefinir senha". Sua conta tem verificação em duas etapas, que também será pedida.',
  },
  de: {
    resetSubject: 'Das Passwort deines Lumenforge-Kontos wurde zurückgesetzt',
    resetBody:
      'Das Passwort deines Lumenforge-Kontos wurde am {{time}} zurückgesetzt. Alle Geräte wurden abgemeldet und vertrauenswürdige Geräte entfernt.\nWenn du das nicht warst, stelle dein Konto sofort wieder her und wende dich an den Support.',
    noAccountSubject: 'Wiederherstellung des Lumenforge-Kontos',
    noAccountBody:
      'Jemand wollte ein Lumenforge-Konto mit dieser E-Mail-Adresse wiederherstellen, aber kein Konto verwendet sie. Wenn du das warst, hast du dich vielleicht mit einer anderen Adresse registriert. Sonst kannst du diese E-Mail ignorieren.',
    linkSubject: 'Neues Passwort für dein Lumenforge-Konto',
    linkBody:
      'Öffne diesen Link, um ein neues Passwort festzulegen: {{link}}\nDer Link funktioniert einmal, {{minutes}} Minuten lang.',
    recoverBody:
      'Um ein neues Passwort festzulegen, öffne {{link}} und wähle „Passwort zurücksetzen“. Dein Konto hat die Bestätigung in zwei Schritten, sie wird ebenfalls abgefragt.',
  },
  fr: {
    resetSubject: 'Le mot de passe de votre Compte Lumenforge a été réinitialisé',
    resetBody:
      'Le mot de passe de votre Compte Lumenforge a été réinitialisé le {{time}}. Tous les appareils ont été déconnectés et les appareils de confiance supprimés.\nSi ce n’était pas vous, récupérez votre compte immédiatement et contactez l’assistance.',
    noAccountSubject: 'Récupération du Compte Lumenforge',
    noAccountBody:
      'Quelqu’un a demandé à récupérer un Compte Lumenforge avec cette adresse e-mail, mais aucun compte ne l’utilise. Si c’était vous, vous vous êtes peut-être inscrit avec une autre adresse. Sinon, ignorez cet e-mail.',
    linkSubject: 'Créez un nouveau mot de passe pour votre Compte Lumenforge',
    linkBody:
      'Ouvrez ce lien pour créer un nouveau mot de passe : {{link}}\nLe lien fonctionne une fois, pendant {{minutes}} minutes.',
    recoverBody:
      'Pour créer un nouveau mot de passe, ouvrez {{link}} et choisissez « Réinitialiser le mot de passe ». Votre compte a la validation en deux étapes, elle vous sera aussi demandée.',
  },
  it: {
    resetSubject: 'La password del tuo Account Lumenforge è stata reimpostata',
    resetBody:
      'La password del tuo Account Lumenforge è stata reimpostata il {{time}}. Tutti i dispositivi sono stati disconnessi e i dispositivi attendibili rimossi.\nSe non sei stato tu, recupera subito l’account e contatta l’assistenza.',
    noAccountSubject: 'Recupero dell’Account Lumenforge',
    noAccountBody:
      'Qualcuno ha chiesto di recuperare un Account Lumenforge con questo indirizzo email, ma nessun account lo usa. Se sei stato tu, forse ti sei registrato con un altro indirizzo. Altrimenti ignora questa email.',
    linkSubject: 'Crea una nuova password per il tuo Account Lumenforge',
    linkBody:
      'Apri questo link per creare una nuova password: {{link}}\nIl link funziona una volta, per {{minutes}} minuti.',
    recoverBody:
      'Per creare una nuova password apri {{link}} e scegli "Reimposta password". Il tuo account ha la verifica in due passaggi, che ti verrà chiesta.',
  },
  pl: {
    resetSubject: 'Hasło do Twojego Konta Lumenforge zostało zresetowane',
    resetBody:
      'Hasło do Twojego Konta Lumenforge zostało zresetowane {{time}}. Wszystkie urządzenia zostały wylogowane, a zaufane urządzenia usunięte.\nJeśli to nie Ty, natychmiast odzyskaj konto i skontaktuj się z pomocą techniczną.',
    noAccountSubject: 'Odzyskiwanie Konta Lumenforge',
    noAccountBody:
      'Ktoś poprosił o odzyskanie Konta Lumenforge z tym adresem e-mail, ale żadne konto go nie używa. Jeśli to Ty, być może rejestrowałeś się innym adresem. Jeśli nie, zignoruj tę wiadomość.',
    linkSubject: 'Utwórz nowe hasło do Konta Lumenforge',
    linkBody: 'Otwórz ten link, aby utworzyć nowe hasło: {{link}}\nLink działa raz, przez {{minutes}} minut.',
    recoverBody:
      'Aby utworzyć nowe hasło, otwórz {{link}} i wybierz „Resetuj hasło”. Twoje konto ma weryfikację dwuetapową, o którą również zostaniesz poproszony.',
  },
  tr: {
    resetSubject: 'Lumenforge Hesabınızın şifresi sıfırlandı',
    resetBody:
      'Lumenforge Hesabınızın şifresi {{time}} tarihinde sıfırlandı. Tüm cihazlarda oturum kapatıldı ve güvenilir cihazlar kaldırıldı.\nBunu siz yapmadıysanız hesabınızı hemen kurtarın ve destekle iletişime geçin.',
    noAccountSubject: 'Lumenforge Hesabı kurtarma',
    noAccountBody:
      'Birisi bu e-posta adresiyle bir Lumenforge Hesabını kurtarmak istedi, ancak bu adresi kullanan bir hesap yok. Bu sizseniz başka bir adresle kaydolmuş olabilirsiniz. Değilseniz bu e-postayı yok sayabilirsiniz.',
    linkSubject: 'Lumenforge Hesabınız için yeni şifre oluşturun',
    linkBody:
      'Yeni bir şifre oluşturmak için bu bağlantıyı açın: {{link}}\nBağlantı bir kez ve {{minutes}} dakika boyunca çalışır.',
    recoverBody:
      'Yeni bir şifre oluşturmak için {{link}} adresini açın ve "Şifreyi sıfırla"yı seçin. Hesabınızda iki adımlı doğrulama var; o da sorulacak.',
  },
  zh: {
    resetSubject: '你的 Lumenforge 帳號密碼已重設',
    resetBody:
      '你的 Lumenforge 帳號密碼已於 {{time}} 重設。所有裝置均已登出，受信任的裝置已移除。\n如果這不是你本人操作，請立即找回帳號並聯絡客服。',
    noAccountSubject: 'Lumenforge 帳號找回',
    noAccountBody:
      '有人要求使用此電子郵件地址找回 Lumenforge 帳號，但沒有任何帳號使用此地址。如果是你本人，你可能使用了其他地址註冊。如果不是，請忽略此郵件。',
    linkSubject: '為你的 Lumenforge 帳號建立新密碼',
    linkBody: '開啟此連結以建立新密碼：{{link}}\n連結只能使用一次，有效時間 {{minutes}} 分鐘。',
    recoverBody: '若要建立新密碼，請開啟 {{link}} 並選擇「重設密碼」。你的帳號已啟用兩步驟驗證，屆時也會要求驗證。',
  },
  th: {
    resetSubject: 'รหัสผ่านบัญชี Lumenforge ของคุณถูกรีเซ็ตแล้ว',
    resetBody:
      'รหัสผ่านบัญชี Lumenforge ของคุณถูกรีเซ็ตเมื่อ {{time}} ทุกอุปกรณ์ถูกออกจากระบบและอุปกรณ์ที่เชื่อถือถูกนำออกแล้ว\nหากไม่ใช่คุณ โปรดกู้คืนบัญชีทันทีและติดต่อฝ่ายสนับสนุน',
    noAccountSubject: 'การกู้คืนบัญชี Lumenforge',
    noAccountBody:
      'มีผู้ขอกู้คืนบัญชี Lumenforge ด้วยที่อยู่อีเมลนี้ แต่ไม่มีบัญชีใดใช้ที่อยู่นี้ หากเป็นคุณ คุณอาจสมัครด้วยที่อยู่อื่น หากไม่ใช่ คุณสามารถเพิกเฉยต่ออีเมลนี้ได้',
    linkSubject: 'สร้างรหัสผ่านใหม่สำหรับบัญชี Lumenforge ของคุณ',
    linkBody: 'เปิดลิงก์นี้เพื่อสร้างรหัสผ่านใหม่: {{link}}\nลิงก์ใช้ได้ครั้งเดียว ภายใน {{minutes}} นาที',
    recoverBody:
      'หากต้องการสร้างรหัสผ่านใหม่ ให้เปิด {{link}} แล้วเลือก "รีเซ็ตรหัสผ่าน" บัญชีของคุณเปิดการยืนยันแบบสองขั้นตอน ระบบจะขอการยืนยันนั้นด้วย',
  },
  ru: {
    resetSubject: 'Пароль вашего аккаунта Lumenforge сброшен',
    resetBody:
      'Пароль вашего аккаунта Lumenforge был сброшен {{time}}. Выполнен выход на всех устройствах, доверенные устройства удалены.\nЕсли это были не вы, немедленно восстановите аккаунт и обратитесь в поддержку.',
    noAccountSubject: 'Восстановление аккаунта Lumenforge',
    noAccountBody:
      'Кто-то запросил восстановление аккаунта Lumenforge с этим адресом электронной почты, но ни один аккаунт его не использует. Если это были вы, возможно, вы регистрировались с другим адресом. Если нет, просто проигнорируйте это письмо.',
    linkSubject: 'Создайте новый пароль для аккаунта Lumenforge',
    linkBody:
      'Откройте эту ссылку, чтобы создать новый пароль: {{link}}\nСсылка работает один раз в течение {{minutes}} минут.',
    recoverBody:
      'Чтобы создать новый пароль, откройте {{link}} и выберите «Сбросить пароль». В вашем аккаунте включена двухэтапная проверка, её тоже попросят пройти.',
  },
  nl: {
    resetSubject: 'Het wachtwoord van je Lumenforge-account is opnieuw ingesteld',
    resetBody:
      'Het wachtwoord van je Lumenforge-account is op {{time}} opnieuw ingesteld. Alle apparaten zijn afgemeld en vertrouwde apparaten zijn verwijderd.\nWas jij dit niet? Herstel je account direct en neem contact op met support.',
    noAccountSubject: 'Herstel van Lumenforge-account',
    noAccountBody:
      'Iemand wilde een Lumenforge-account herstellen met dit e-mailadres, maar geen enkel account gebruikt het. Was jij het, dan heb je je misschien met een ander adres aangemeld. Zo niet, dan kun je deze e-mail negeren.',
    linkSubject: 'Maak een nieuw wachtwoord voor je Lumenforge-account',
    linkBody:
      'Open deze link om een nieuw wachtwoord te maken: {{link}}\nDe link werkt één keer, {{minutes}} minuten lang.',
    recoverBody:
      'Open {{link}} en kies "Wachtwoord opnieuw instellen" om een nieuw wachtwoord te maken. Je account heeft verificatie in twee stappen; die wordt ook gevraagd.',
  },
  ja: {
    resetSubject: 'Lumenforge アカウントのパスワードがリセットされました',
    resetBody:
      'Lumenforge アカウントのパスワードが {{time}} にリセットされました。すべてのデバイスからサインアウトし、信頼済みデバイスを削除しました。\n心当たりがない場合は、すぐにアカウントを復旧してサポートに連絡してください。',
    noAccountSubject: 'Lumenforge アカウントの復旧',
    noAccountBody:
      'このメールアドレスで Lumenforge アカウントの復旧が依頼されましたが、このアドレスを使っているアカウントはありません。ご本人の場合は、別のアドレスで登録した可能性があります。心当たりがない場合は、このメールを無視してください。',
    linkSubject: 'Lumenforge アカウントの新しいパスワードを作成',
    linkBody:
      '次のリンクを開いて新しいパスワードを作成してください：{{link}}\nリンクは 1 回のみ、{{minutes}} 分間有効です。',
    recoverBody:
      '新しいパスワードを作成するには、{{link}} を開いて「パスワードをリセット」を選んでください。アカウントで 2 段階認証が有効なため、その確認も求められます。',
  },
};
